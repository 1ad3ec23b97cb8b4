/// The inside of strings, sixteen bytes at a time.
extension JSONValidator {
    /// Runs through string characters from `start` (inside a string, at a character boundary) and
    /// returns where the run ends: at a quote, a backslash or a control character, before sixteen
    /// bytes that hold invalid UTF-8, or near the end of the chunk; always at a character boundary,
    /// so that `step` can take over there. Counts the continuation bytes passed for error columns.
    @inline(always)
    mutating func scanStringRun(_ raw: UnsafeRawPointer, count: Int, from start: Int) -> Int {
        // The UTF-8 check reads the three bytes before each vector.
        guard start >= 3 else { return start }
        var index = start
        while index &+ 16 <= count {
            let bytes = ByteVector.load(raw, index)
            let end = (Self.specialInString(bytes) .| (bytes.signed .< .all(0))).first
            if end == 16 {
                index &+= 16
                continue
            }
            // A quote, a backslash or a control character ends the run; from the first non-ASCII
            // byte on, the rest of the string goes through the UTF-8 check (text that mixes
            // scripts would otherwise switch loops every few bytes).
            if raw.load(fromByteOffset: index &+ end, as: UInt8.self) < 0x80 { return index &+ end }
            return scanUTF8Run(raw, count: count, from: index)
        }
        return index
    }

    /// `scanStringRun` for text with non-ASCII characters: each vector is checked for UTF-8.
    @inline(always)
    mutating func scanUTF8Run(_ raw: UnsafeRawPointer, count: Int, from start: Int) -> Int {
        let base = raw.assumingMemoryBound(to: UInt8.self)
        var index = start
        // Continuation bytes counted lane by lane (each lane stays below 256 between flushes).
        var counted = ByteVector()
        var untilFlush = 255
        defer { continuations &+= Self.sum(counted) }
        while index &+ 16 <= count {
            let bytes = ByteVector.load(raw, index)
            let special = Self.specialInString(bytes)
            let errors = UTF8Vector.errors(bytes, back1: .load(raw, index &- 1), back2: .load(raw, index &- 2),
                                           back3: .load(raw, index &- 3))
            let continuation = bytes.signed .< .all(-64)
            guard special.isEmpty else {
                // The run ends in this vector: check UTF-8 up to and including the byte that ends it
                // (a character cut short by a quote shows as an error on the quote).
                let end = special.first
                if !(errors .& ByteVector.first(end &+ 1)).isEmpty { return characterBoundary(base, before: index) }
                counted &-= unsafeBitCast(continuation .& ByteVector.first(end), to: ByteVector.self)
                return index &+ end
            }
            // `step` finds the error and says what it is, from the character that holds it.
            guard errors.isEmpty else { return characterBoundary(base, before: index) }
            counted &-= unsafeBitCast(continuation, to: ByteVector.self)
            untilFlush &-= 1
            if untilFlush == 0 {
                continuations &+= Self.sum(counted)
                counted = ByteVector()
                untilFlush = 255
            }
            index &+= 16
        }
        return characterBoundary(base, before: index)
    }

    /// Quotes, backslashes and control characters: the bytes that end a run of string characters.
    @inline(always)
    static func specialInString(_ bytes: ByteVector) -> ByteMask {
        (bytes .== .all(Byte.quote)) .| (bytes .== .all(Byte.backslash)) .| (bytes .< .all(0x20))
    }

    /// The sum of the sixteen lanes.
    @inline(always)
    static func sum(_ lanes: ByteVector) -> Int {
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        let evens: UInt64 = 0x00FF_00FF_00FF_00FF
        let pairs = (words[0] & evens) &+ (words[0] &>> 8 & evens) &+ (words[1] & evens) &+ (words[1] &>> 8 & evens)
        return Int((pairs &* 0x0001_0001_0001_0001) &>> 48)
    }

    /// Steps back to the start of a character that `position` cuts (uncounting its continuation
    /// bytes), so the byte-at-a-time path starts with the whole character.
    @inline(always)
    mutating func characterBoundary(_ base: UnsafePointer<UInt8>, before position: Int) -> Int {
        let start = UTF8Vector.characterStart(base, before: position)
        if start < position { continuations &-= position &- start &- 1 }
        return start
    }

    /// The length of the escape at `index` (a backslash), or nil when `step` must judge it. Needs
    /// six readable bytes from `index`.
    @inline(always)
    static func escapeLength(_ base: UnsafePointer<UInt8>, at index: Int) -> Int? {
        switch base[index &+ 1] {
        case Byte.quote, Byte.backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return 2
        case UInt8(ascii: "u"):
            let hex = Byte.isHexDigit(base[index &+ 2]) && Byte.isHexDigit(base[index &+ 3])
                && Byte.isHexDigit(base[index &+ 4]) && Byte.isHexDigit(base[index &+ 5])
            return hex ? 6 : nil
        default:
            return nil
        }
    }
}
