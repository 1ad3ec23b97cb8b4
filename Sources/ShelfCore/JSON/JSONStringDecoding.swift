/// The text a JSON string stands for, as UTF-8 bytes: what `shelf sync` names a file after and
/// compares keys with. Working on bytes keeps two spellings that Swift's `String ==` would call
/// equal (NFC `é` and NFD `e` + U+0301) apart, as the file system keeps them apart.
enum JSONStringDecoding {
    /// Decodes the bytes between a string's quotes, already checked by `JSONValidator` (valid UTF-8,
    /// well-formed escapes). Nil when an escape names a lone surrogate (`"\ud800"`): JSON's grammar
    /// allows it, but no UTF-8 text, and so no file name, spells it.
    static func utf8(ofContent raw: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            index += 1
            guard byte == Byte.backslash, index < raw.count else {
                out.append(byte)
                continue
            }
            let escape = raw[index]
            index += 1
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var unit = hexValue(raw, at: index) else { return nil }
                index += 4
                if (0xDC00...0xDFFF).contains(unit) { return nil }
                if (0xD800...0xDBFF).contains(unit) {
                    // A high surrogate counts only when a low one follows as the next escape.
                    guard index + 6 <= raw.count, raw[index] == Byte.backslash, raw[index + 1] == UInt8(ascii: "u"),
                          let low = hexValue(raw, at: index + 2), (0xDC00...0xDFFF).contains(low) else { return nil }
                    index += 6
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(unit) else { return nil }
                UTF8.encode(scalar) { out.append($0) }
            default: out.append(escape)  // \" \\ \/
            }
        }
        return out
    }

    /// The value of the four hex digits at `index`.
    private static func hexValue(_ raw: [UInt8], at index: Int) -> UInt32? {
        guard index + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for byte in raw[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case Byte.zero...Byte.nine: digit = byte - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
