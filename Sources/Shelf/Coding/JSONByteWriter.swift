/// Appends JSON tokens to a byte buffer, spelled exactly as Foundation's `JSONEncoder` spells
/// them on Linux: `/` escaped unless asked not to, control characters as `\b \f \n \r \t` or
/// `\u00XX` (lower-case hex), everything else, non-ASCII too, as it is; integers in decimal;
/// floating point numbers as Swift prints them, without a trailing `.0`.
///
/// The buffer is its own memory rather than an array: each token makes room once and is then
/// stored through a pointer, where an array's `append` checks capacity and uniqueness for every
/// byte. The owner calls `free()`.
struct JSONByteWriter {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    let escapeSlashes: Bool

    init(escapeSlashes: Bool, capacity: Int = 256) {
        self.escapeSlashes = escapeSlashes
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    func free() { base.deallocate() }

    /// Room for `extra` more bytes; the pointer where they go.
    @inline(__always) mutating func room(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity &- count < extra { grow(extra) }
        return base + count
    }

    @inline(never) mutating func grow(_ extra: Int) {
        capacity = Swift.max(capacity * 2, count + extra)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
    }

    /// Ends the bytes written at `end`, a pointer into the room made last.
    @inline(__always) mutating func commit(_ end: UnsafeMutablePointer<UInt8>) { count = end - base }

    mutating func truncate(to length: Int) { count = length }

    @inline(__always) mutating func byte(_ byte: UInt8) {
        room(1).pointee = byte
        count &+= 1
    }

    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let start = buffer.baseAddress else { return }
        room(buffer.count).update(from: start, count: buffer.count)
        count &+= buffer.count
    }

    mutating func ascii(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always) mutating func integer<T: FixedWidthInteger>(_ value: T) {
        if T.bitWidth <= 64 {
            decimal(UInt64(truncatingIfNeeded: value.magnitude), negative: value < 0)
        } else {
            write(String(value))
        }
    }

    /// Two digits at a time, from the end, straight into the output.
    mutating func decimal(_ magnitude: UInt64, negative: Bool) {
        var p = room(21)
        if negative {
            p.pointee = UInt8(ascii: "-")
            p += 1
        }
        var digits = 1, power: UInt64 = 10
        while digits < 20 && magnitude >= power {
            digits &+= 1
            power = power &* 10
        }
        let end = p + digits
        var q = end, m = magnitude
        let pairs = Self.pairs.utf8Start
        while m >= 100 {
            let (rest, two) = m.quotientAndRemainder(dividingBy: 100)
            q -= 2
            q[0] = pairs[Int(two) &* 2]
            q[1] = pairs[Int(two) &* 2 &+ 1]
            m = rest
        }
        if m >= 10 {
            q -= 2
            q[0] = pairs[Int(m) &* 2]
            q[1] = pairs[Int(m) &* 2 &+ 1]
        } else {
            q -= 1
            q[0] = UInt8(truncatingIfNeeded: m) &+ UInt8(ascii: "0")
        }
        commit(end)
    }

    static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

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
        let start = count
        value.write(to: &self)
        if count - start >= 2 && base[count - 2] == UInt8(ascii: ".") && base[count - 1] == UInt8(ascii: "0") {
            count -= 2
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

    /// What each ASCII byte becomes after a backslash: `.` for none, `u` for `\u00XX`, and `/`,
    /// which is escaped only when slashes are.
    static let escapes: StaticString = "uuuuuuuubtnufruuuuuuuuuuuuuuuuuu..\"............/............................................\\..................................."

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in string(utf8) }
    }

    /// The bytes of a string as a JSON string, quotes included: eight bytes at a time while none
    /// needs escaping, the rest one by one.
    mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
        let n = utf8.count
        // At most six bytes for each (`\u001f`), and the quotes.
        var p = room(n &* 6 &+ 2)
        p.pointee = UInt8(ascii: "\"")
        p += 1
        if let source = utf8.baseAddress {
            let escapes = Self.escapes.utf8Start, slashes = escapeSlashes
            var i = 0
            while i < n {
                if n &- i >= 8 {
                    let eight = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                    if plain(eight) {
                        UnsafeMutableRawPointer(p).storeBytes(of: eight, as: UInt64.self)
                        p += 8
                        i &+= 8
                        continue
                    }
                }
                let c = source[i]
                i &+= 1
                let escape = c < 0x80 ? escapes[Int(c)] : UInt8(ascii: ".")
                if escape == UInt8(ascii: ".") || (escape == UInt8(ascii: "/") && !slashes) {
                    p.pointee = c
                    p += 1
                    continue
                }
                p[0] = UInt8(ascii: "\\")
                if escape == UInt8(ascii: "u") {
                    let hex = Self.hex.utf8Start
                    p[1] = UInt8(ascii: "u")
                    p[2] = UInt8(ascii: "0")
                    p[3] = UInt8(ascii: "0")
                    p[4] = hex[Int(c >> 4)]
                    p[5] = hex[Int(c & 0xF)]
                    p += 6
                } else {
                    // A quote, backslash or slash is its own escape.
                    p[1] = escape
                    p += 2
                }
            }
        }
        p.pointee = UInt8(ascii: "\"")
        commit(p + 1)
    }

    static let hex: StaticString = "0123456789abcdef"
}

/// So that a number's `write(to:)` appends its text to the bytes.
extension JSONByteWriter: TextOutputStream {
    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { append(buffer) }
}
