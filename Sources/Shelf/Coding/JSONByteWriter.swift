/// Appends JSON tokens to a byte buffer, spelled exactly as Foundation's `JSONEncoder` spells
/// them on Linux: `/` escaped unless asked not to, control characters as `\b \f \n \r \t` or
/// `\u00XX` (lower-case hex), everything else, non-ASCII too, as it is; integers in decimal;
/// floating point numbers as Swift prints them, without a trailing `.0`.
struct JSONByteWriter {
    var bytes: [UInt8] = []
    let escapeSlashes: Bool

    init(escapeSlashes: Bool, capacity: Int = 256) {
        self.escapeSlashes = escapeSlashes
        bytes.reserveCapacity(capacity)
    }

    @inline(__always) mutating func byte(_ byte: UInt8) { bytes.append(byte) }

    mutating func ascii(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func integer<T: FixedWidthInteger>(_ value: T) {
        if value == 0 { return bytes.append(UInt8(ascii: "0")) }
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // 40 digits hold UInt128.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            var i = 40
            while magnitude != 0 {
                i -= 1
                let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
                digits[i] = UInt8(truncatingIfNeeded: remainder) &+ UInt8(ascii: "0")
                magnitude = quotient
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i..<40]))
        }
    }

    /// A finite floating point number (the caller refuses the others).
    mutating func floatingPoint<T: BinaryFloatingPoint & TextOutputStreamable>(_ value: T) {
        // A whole number below 2^53 (2^24 for a Float) prints as its digits and ".0", which
        // Foundation drops: the same digits, without making the text (-0 prints as "-0.0").
        let limit: T = T.significandBitCount > 30 ? 9_007_199_254_740_992 : 16_777_216
        if value.magnitude < limit, value.rounded(.towardZero) == value, !(value == 0 && value.sign == .minus) {
            return integer(Int64(value))
        }
        // Swift's own digits (those of `description`), written straight into the bytes through
        // `_writeASCII` below rather than through a String; then the ".0" Foundation drops.
        let start = bytes.count
        value.write(to: &self)
        let end = bytes.count
        if end - start >= 2 && bytes[end - 2] == UInt8(ascii: ".") && bytes[end - 1] == UInt8(ascii: "0") {
            bytes.removeLast(2)
        }
    }

    /// Eight bytes none of which needs escaping (quote, backslash, control, and `/` when escaped).
    @inline(__always) func plain(_ x: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = x ^ (ones &* 0x22), backslash = x ^ (ones &* 0x5C), slash = x ^ (ones &* 0x2F)
        var found = ((x &- ones &* 0x20) & ~x) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        if escapeSlashes { found |= (slash &- ones) & ~slash }
        // Each test is exact about whether any byte matches (bytes of 0x80 and above match none).
        return found & highs == 0
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            let n = utf8.count
            var i = 0, mark = 0
            while i < n {
                if n - i >= 8 && plain(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                    continue
                }
                let c = base[i]
                let escape: UInt8
                switch c {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape = c
                case UInt8(ascii: "/") where escapeSlashes: escape = c
                case 0x08: escape = UInt8(ascii: "b")
                case 0x0C: escape = UInt8(ascii: "f")
                case 0x0A: escape = UInt8(ascii: "n")
                case 0x0D: escape = UInt8(ascii: "r")
                case 0x09: escape = UInt8(ascii: "t")
                case 0x00..<0x20: escape = UInt8(ascii: "u")
                default:
                    i += 1
                    continue
                }
                if i > mark { bytes.append(contentsOf: UnsafeBufferPointer(start: base + mark, count: i - mark)) }
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(escape)
                if escape == UInt8(ascii: "u") {
                    let hex: StaticString = "0123456789abcdef"
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(hex.utf8Start[Int(c >> 4)])
                    bytes.append(hex.utf8Start[Int(c & 0xF)])
                }
                i += 1
                mark = i
            }
            if n > mark { bytes.append(contentsOf: UnsafeBufferPointer(start: base + mark, count: n - mark)) }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// So that a number's `write(to:)` appends its text to the bytes.
extension JSONByteWriter: TextOutputStream {
    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}
