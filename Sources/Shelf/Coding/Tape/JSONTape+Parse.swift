extension JSONTape {
    /// Parses one JSON text (blanks around it allowed), or nil when it is not valid JSON.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> JSONTape? {
        parse(bytes) { nodes, count in JSONTape(words: Array(UnsafeBufferPointer(start: nodes.words, count: count * 2))) }
    }

    /// Parses one JSON text and lends its `count` nodes to `body`, without copying them into an
    /// array (the decoder's way: the copy was 2% of a decode's instructions); nil when invalid.
    static func parse<R>(_ bytes: UnsafeRawBufferPointer, _ body: (TapeNodes, Int) throws -> R?) rethrows -> R? {
        try parse(bytes) { nodes, count, _ in try body(nodes, count) }
    }

    /// As `parse`, where `body` may keep the nodes past its return by setting `keepsNodes`: they
    /// are then never freed (a decode whose containers are still held elsewhere, TapeDecoder.outlive).
    static func parse<R>(_ bytes: UnsafeRawBufferPointer, _ body: (TapeNodes, Int, _ keepsNodes: inout Bool) throws -> R?) rethrows -> R? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return nil }
        var parser = TapeParser(base: base, end: bytes.count)
        var keepsNodes = false
        defer { if !keepsNodes { parser.words.deallocate() } }
        guard parser.value(depth: 0) else { return nil }
        parser.skipBlanks()
        guard parser.at == parser.end else { return nil }
        return try body(TapeNodes(words: parser.words), parser.used / 2, &keepsNodes)
    }
}

/// Recursive descent over the bytes, appending two words per value.
struct TapeParser {
    let base: UnsafePointer<UInt8>
    let end: Int
    var at = 0
    /// The words so far (`used` of them), in a buffer grown by doubling and freed by `parse`:
    /// an array's append checked its uniqueness and capacity for every word.
    var words: UnsafeMutablePointer<UInt64>
    var used = 0
    var capacity: Int

    init(base: UnsafePointer<UInt8>, end: Int) {
        self.base = base
        self.end = end
        // Room for one node per four bytes: JSONEncoder's records take about one per six, and a
        // quarter (the array's reserve before) made the nested records' tape grow, and copy,
        // once per decode. Pages not written to are not taken from memory.
        capacity = Swift.max(16, end / 2)
        words = .allocate(capacity: capacity)
    }

    @inline(never) mutating func grow() {
        let larger = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: words, count: used)
        words.deallocate()
        words = larger
        capacity *= 2
    }

    @inline(__always) mutating func skipBlanks() {
        // One compare where no blank follows (JSONEncoder writes none): every blank is at most 0x20.
        while at < end && base[at] <= 0x20 {
            let byte = base[at]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            at &+= 1
        }
    }

    @inline(__always) mutating func emit(_ kind: JSONTape.Kind, _ payload: Int, _ aux: UInt64) {
        if used &+ 2 > capacity { grow() }
        words[used] = UInt64(kind.rawValue) << 60 | UInt64(truncatingIfNeeded: payload)
        words[used &+ 1] = aux
        used &+= 2
    }

    mutating func value(depth: Int) -> Bool {
        skipBlanks()
        guard at < end else { return false }
        switch base[at] {
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "{"): return depth < JSONTape.maximumDepth && container(depth: depth + 1, object: true)
        case UInt8(ascii: "["): return depth < JSONTape.maximumDepth && container(depth: depth + 1, object: false)
        case UInt8(ascii: "t"): return literal("true", .true)
        case UInt8(ascii: "f"): return literal("false", .false)
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    mutating func literal(_ word: StaticString, _ kind: JSONTape.Kind) -> Bool {
        let count = word.utf8CodeUnitCount
        guard end - at >= count else { return false }
        for i in 0..<count where base[at + i] != word.utf8Start[i] { return false }
        at += count
        emit(kind, 0, 0)
        return true
    }

    /// An array or an object at `at` (its opening bracket): one loop for both, an object's
    /// members each a key string and a colon before the value.
    mutating func container(depth: Int, object: Bool) -> Bool {
        at += 1
        let node = used
        emit(object ? .object : .array, 0, 0)
        let closing = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var count: UInt64 = 0
        skipBlanks()
        if at < end && base[at] == closing {
            at += 1
        } else {
            while true {
                if object {
                    skipBlanks()
                    guard at < end, base[at] == UInt8(ascii: "\""), shortKey() || string() else { return false }
                    skipBlanks()
                    guard at < end, base[at] == UInt8(ascii: ":") else { return false }
                    at += 1
                }
                guard value(depth: depth) else { return false }
                count += 1
                skipBlanks()
                guard at < end else { return false }
                let byte = base[at]
                at += 1
                if byte == UInt8(ascii: ",") { continue }
                if byte == closing { break }
                return false
            }
        }
        close(node, count)
        return true
    }

    /// A key at `at` (its opening quote) whose closing quote is the first byte of the next eight
    /// that needs a look: plain ASCII, recorded at once (most keys; `string` takes the rest). A
    /// call of `string` and its loop per key showed in the profile.
    @inline(__always) mutating func shortKey() -> Bool {
        let start = at &+ 1
        guard end - start >= 8 else { return false }
        let found = Self.specials(UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        guard found != 0 else { return false }
        let length = found.trailingZeroBitCount &>> 3
        guard base[start &+ length] == UInt8(ascii: "\"") else { return false }
        emit(.asciiString, start, UInt64(length))
        at = start &+ length &+ 1
        return true
    }

    /// Sets a container's end node and count, now that both are known.
    @inline(__always) mutating func close(_ wordIndex: Int, _ count: UInt64) {
        words[wordIndex] |= UInt64(used / 2)
        words[wordIndex + 1] = count
    }
}
