extension TapeParser {
    /// The high bit of each of eight bytes that is a quote, a backslash, a control character or
    /// not ASCII. A borrow may mark bytes after a marked one too, but the lowest mark is exact.
    @inline(__always) static func specials(_ x: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = x ^ (ones &* 0x22), backslash = x ^ (ones &* 0x5C)
        let control = (x &- ones &* 0x20) & ~x
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | x) & highs
    }

    /// A string at `at` (its opening quote): checked for escapes and UTF-8, recorded as one node.
    mutating func string() -> Bool {
        at += 1
        let start = at
        var escaped = false, ascii = true
        while true {
            // Eight bytes at a time to the first byte that needs a look (in strings with many
            // escapes or non-ASCII letters, most words have one: skipping to it, not to the
            // word's start, keeps the byte-by-byte part short).
            while end - at >= 8 {
                let found = Self.specials(UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
                if found != 0 {
                    at &+= found.trailingZeroBitCount &>> 3
                    break
                }
                at &+= 8
            }
            guard at < end else { return false }
            let byte = base[at]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard escape() else { return false }
            } else if byte < 0x20 {
                return false
            } else if byte < 0x80 {
                at += 1
            } else {
                ascii = false
                guard utf8Sequence() else { return false }
            }
        }
        let kind: JSONTape.Kind = escaped ? .escapedString : (ascii ? .asciiString : .utf8String)
        emit(kind, start, UInt64(at - start))
        at += 1
        return true
    }

    /// One escape at `at` (its backslash), as Foundation accepts them: a high surrogate must be
    /// followed by an escaped low one, a low one alone is refused; `\u0000` is allowed.
    mutating func escape() -> Bool {
        guard end - at >= 2 else { return false }
        switch base[at + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            at += 2
            return true
        case UInt8(ascii: "u"):
            guard let unit = hex4(at + 2) else { return false }
            at += 6
            if unit >= 0xDC00 && unit <= 0xDFFF { return false }
            guard unit >= 0xD800 && unit <= 0xDBFF else { return true }
            guard end - at >= 6, base[at] == UInt8(ascii: "\\"), base[at + 1] == UInt8(ascii: "u"),
                  let low = hex4(at + 2), low >= 0xDC00 && low <= 0xDFFF else { return false }
            at += 6
            return true
        default:
            return false
        }
    }

    func hex4(_ from: Int) -> UInt16? {
        guard end - from >= 4 else { return nil }
        var value: UInt16 = 0
        for i in 0..<4 {
            guard let digit = JSONTape.hexValue(base[from + i]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// One multi-byte UTF-8 sequence at `at`: no overlong forms, no surrogates, nothing past U+10FFFF.
    mutating func utf8Sequence() -> Bool {
        let lead = base[at]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return false
        }
        guard end - at >= length else { return false }
        let second = base[at + 1]
        guard second >= low && second <= high else { return false }
        for i in 2..<(length < 2 ? 2 : length) where base[at + i] & 0xC0 != 0x80 { return false }
        at += length
        return true
    }
}
