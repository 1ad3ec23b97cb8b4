extension JSONTape {
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    /// The text an escaped string's raw bytes stand for, written straight into the new String's
    /// storage: the text is never longer than its escaped spelling, so the raw length is room enough.
    static func unescapedString(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: raw.count) { out in unescape(raw, into: out.baseAddress.unsafelyUnwrapped) }
    }

    /// Writes the UTF-8 bytes an escaped string's raw text stands for at `out` (room for
    /// `raw.count` bytes) and returns their count. The parser checked the text: every escape is
    /// whole, every high surrogate escape is followed by a low one, no low one stands alone.
    /// Text is copied eight bytes at a time: each word is stored whole and the input moves on to
    /// its first backslash, if it has one (so `https:\/\/a.b\/c` costs a step per escape, not per
    /// byte). A whole word fits: the output never overtakes the input, and the input has 8 left.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let input = raw.baseAddress else { return 0 }
        let n = raw.count, ones: UInt64 = 0x0101_0101_0101_0101
        var i = 0, o = 0
        while i < n {
            while n - i >= 8 {
                let word = UnsafeRawPointer(input + i).loadUnaligned(as: UInt64.self)
                let backslash = word ^ (ones &* 0x5C)
                // The lowest flagged byte is a backslash (a false flag needs a borrow from below);
                // on the little-endian targets shelf builds for (as the parser's scan assumes),
                // the first byte is the lowest.
                let found = (backslash &- ones) & ~backslash & (ones &* 0x80)
                UnsafeMutableRawPointer(out + o).storeBytes(of: word, as: UInt64.self)
                let plain = found == 0 ? 8 : found.trailingZeroBitCount &>> 3
                i &+= plain
                o &+= plain
                guard plain == 8 else { break }
            }
            guard i < n else { break }
            let byte = input[i]
            i &+= 1
            guard byte == UInt8(ascii: "\\") else {
                out[o] = byte
                o &+= 1
                continue
            }
            let escape = input[i]
            i &+= 1
            switch escape {
            case UInt8(ascii: "b"): out[o] = 0x08
            case UInt8(ascii: "f"): out[o] = 0x0C
            case UInt8(ascii: "n"): out[o] = 0x0A
            case UInt8(ascii: "r"): out[o] = 0x0D
            case UInt8(ascii: "t"): out[o] = 0x09
            case UInt8(ascii: "u"):
                var unit = hex4(input + i)
                i &+= 4
                if unit >= 0xD800 && unit <= 0xDBFF {
                    unit = 0x10000 &+ ((unit &- 0xD800) << 10) &+ (hex4(input + i + 2) &- 0xDC00)
                    i &+= 6
                }
                o &+= utf8(unit, at: out + o)
                continue
            default: out[o] = escape  // \" \\ \/
            }
            o &+= 1
        }
        return o
    }

    /// Four hex digits the parser checked.
    @inline(__always) static func hex4(_ at: UnsafePointer<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<4 { value = value << 4 | UInt32(hexValue(at[k]).unsafelyUnwrapped) }
        return value
    }

    /// Writes a scalar's UTF-8 bytes at `out`, returning their count.
    @inline(__always) static func utf8(_ scalar: UInt32, at out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            out[0] = UInt8(truncatingIfNeeded: scalar)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            out[0] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
            out[3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 4
        }
    }
}
