extension JSONTape {
    /// Parses one JSON text (blanks around it allowed), or nil when it is not valid JSON.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> JSONTape? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return nil }
        var parser = TapeParser(base: base, end: bytes.count)
        parser.words.reserveCapacity(Swift.max(16, bytes.count / 4))
        guard parser.value(depth: 0) else { return nil }
        parser.skipBlanks()
        guard parser.at == parser.end else { return nil }
        return JSONTape(words: parser.words)
    }
}

/// Recursive descent over the bytes, appending two words per value.
struct TapeParser {
    let base: UnsafePointer<UInt8>
    let end: Int
    var at = 0
    var words: [UInt64] = []

    init(base: UnsafePointer<UInt8>, end: Int) {
        self.base = base
        self.end = end
    }

    @inline(__always) mutating func skipBlanks() {
        while at < end {
            let byte = base[at]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            at &+= 1
        }
    }

    @inline(__always) mutating func emit(_ kind: JSONTape.Kind, _ payload: Int, _ aux: UInt64) {
        words.append(UInt64(kind.rawValue) << 60 | UInt64(truncatingIfNeeded: payload))
        words.append(aux)
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
        let node = words.count
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
                    guard at < end, base[at] == UInt8(ascii: "\""), string() else { return false }
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

    /// Sets a container's end node and count, now that both are known.
    @inline(__always) mutating func close(_ wordIndex: Int, _ count: UInt64) {
        words[wordIndex] |= UInt64(words.count / 2)
        words[wordIndex + 1] = count
    }
}
