/// The small tokens `scan` takes whole: blanks, numbers, literals.
extension JSONValidator {
    /// Steps over blanks, counting lines; stops at a line break that JSON Lines forbids there.
    @inline(always)
    mutating func skipBlanks(_ window: Window, from start: Int) -> Int {
        // Compact JSON has no blank between tokens, `json.dumps` one space after ',' and ':':
        // both without a loop (this runs before and after every token).
        if start &+ 1 < window.count {
            let byte = window.bytes[start]
            if byte > 0x20 { return start }
            if byte == 0x20 && window.bytes[start &+ 1] > 0x20 { return start &+ 1 }
        }
        return skipBlankRun(window, from: start)
    }

    /// Steps over a run of blanks: indentation eight spaces at a time.
    @inline(never)
    mutating func skipBlankRun(_ window: Window, from start: Int) -> Int {
        var index = start
        while index < window.count {
            let byte = window.bytes[index]
            if byte > 0x20 { return index }
            if byte == 0x20 {
                guard index &+ 8 <= window.count else {
                    index &+= 1
                    continue
                }
                // Up to eight spaces at once: to the first byte that is not one (this one is).
                let word = UInt64(littleEndian: window.raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let other = word ^ 0x2020_2020_2020_2020
                index &+= other == 0 ? 8 : other.trailingZeroBitCount &>> 3
                continue
            }
            if byte == 0x09 || byte == 0x0D {
                index &+= 1
                continue
            }
            guard byte == Byte.newline, mode == .single || containers.isEmpty else { return index }
            line &+= 1
            lineStart = window.base &+ index &+ 1
            continuations = 0
            index &+= 1
        }
        return index
    }

    /// The end of the number at `start` (just past its last byte), or nil when `step` must take
    /// it: it breaks the grammar, or it does not end within 48 bytes. Reads less than 64 bytes.
    @inline(always)
    static func numberEnd(_ base8: UnsafePointer<UInt8>, from start: Int) -> Int? {
        let limit = start &+ 48
        var index = start
        if base8[index] == Byte.minus { index &+= 1 }
        let first = base8[index]
        if first == Byte.zero {
            index &+= 1
        } else if first &- Byte.zero < 10 {
            index = digitsEnd(base8, from: index &+ 1, limit: limit)
        } else {
            return nil
        }
        if base8[index] == UInt8(ascii: ".") {
            guard base8[index &+ 1] &- Byte.zero < 10 else { return nil }
            index = digitsEnd(base8, from: index &+ 2, limit: limit)
        }
        if base8[index] | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            if base8[index] == UInt8(ascii: "+") || base8[index] == Byte.minus { index &+= 1 }
            guard base8[index] &- Byte.zero < 10 else { return nil }
            index = digitsEnd(base8, from: index &+ 1, limit: limit)
        }
        // A digit here follows a leading zero; past the limit the number may go on.
        guard index < limit, base8[index] &- Byte.zero >= 10 else { return nil }
        return index
    }

    /// The first byte from `start` that is not a digit, eight at a time; stops once past `limit`.
    @inline(always)
    static func digitsEnd(_ base8: UnsafePointer<UInt8>, from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit {
            let word = UInt64(littleEndian: UnsafeRawPointer(base8 + index).loadUnaligned(as: UInt64.self))
            // Bit 7 of a byte ends up set when it is below '0' or above '9'. Digits neither carry
            // nor borrow, so the lowest marked byte is the first non-digit, even if later ones blur.
            let marks = ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080
            if marks != 0 { return index &+ marks.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        return index
    }

    /// The length of `true`, `false` or `null` at `index` when it is spelt right, else nil.
    @inline(always)
    static func literalLength(_ base8: UnsafePointer<UInt8>, at index: Int) -> Int? {
        let word = UInt32(littleEndian: UnsafeRawPointer(base8 + index).loadUnaligned(as: UInt32.self))
        switch word {
        case 0x6575_7274: return 4  // "true"
        case 0x6C6C_756E: return 4  // "null"
        case 0x736C_6166: return base8[index &+ 4] == UInt8(ascii: "e") ? 5 : nil  // "fals" + "e"
        default: return nil
        }
    }
}
