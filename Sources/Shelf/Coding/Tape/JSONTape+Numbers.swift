extension TapeParser {
    /// A number at `at`, by RFC 8259's grammar. Short integers are converted here, once.
    mutating func number() -> Bool {
        let start = at
        var negative = false
        if base[at] == UInt8(ascii: "-") {
            negative = true
            at += 1
        }
        guard at < end else { return false }
        var value: Int64 = 0
        let digitsStart = at
        if base[at] == UInt8(ascii: "0") {
            at += 1
        } else {
            guard isDigit(at) else { return false }
            while at < end && isDigit(at) {
                if at - digitsStart < 18 { value = value &* 10 &+ Int64(base[at] &- UInt8(ascii: "0")) }
                at += 1
            }
        }
        let integerDigits = at - digitsStart
        var plain = true
        if at < end && base[at] == UInt8(ascii: ".") {
            plain = false
            at += 1
            guard at < end && isDigit(at) else { return false }
            while at < end && isDigit(at) { at += 1 }
        }
        if at < end && (base[at] == UInt8(ascii: "e") || base[at] == UInt8(ascii: "E")) {
            plain = false
            at += 1
            if at < end && (base[at] == UInt8(ascii: "+") || base[at] == UInt8(ascii: "-")) { at += 1 }
            guard at < end && isDigit(at) else { return false }
            while at < end && isDigit(at) { at += 1 }
        }
        // "-0" stays text: as a Double it is -0.0, which an integer cannot say.
        if plain && integerDigits <= 18 && !(negative && value == 0) {
            emit(.integer, start, UInt64(bitPattern: negative ? -value : value))
        } else {
            emit(.number, start, UInt64(at - start))
        }
        return true
    }

    @inline(__always) func isDigit(_ index: Int) -> Bool {
        base[index] &- UInt8(ascii: "0") < 10
    }
}

extension JSONTape {
    /// Exact powers of ten a Double holds.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// A valid JSON number's text as the nearest Double, as `strtod` rounds it: exactly, by one
    /// multiplication or division, when the digits' integer fits 2^53 and the power of ten is at most 22
    /// (both operands then exact, so the one rounding is the correct one); else by Eisel and
    /// Lemire's method (`nearestDouble`) where it is sure; else by the standard library's parser.
    /// Overflow gives an infinity, underflow zero (the caller checks).
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        var i = 0
        let n = text.count
        var negative = false
        if text[0] == UInt8(ascii: "-") {
            negative = true
            i = 1
        }
        var mantissa: UInt64 = 0, digits = 0, exponent = 0
        while i < n, text[i] &- UInt8(ascii: "0") < 10 {
            if mantissa != 0 || text[i] != UInt8(ascii: "0") { digits += 1 }
            mantissa = mantissa &* 10 &+ UInt64(text[i] &- UInt8(ascii: "0"))
            i += 1
        }
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, text[i] &- UInt8(ascii: "0") < 10 {
                if mantissa != 0 || text[i] != UInt8(ascii: "0") { digits += 1 }
                mantissa = mantissa &* 10 &+ UInt64(text[i] &- UInt8(ascii: "0"))
                exponent -= 1
                i += 1
            }
        }
        if i < n {
            i += 1 // e or E
            var exponentNegative = false
            if text[i] == UInt8(ascii: "+") { i += 1 } else if text[i] == UInt8(ascii: "-") { exponentNegative = true; i += 1 }
            var written = 0
            while i < n {
                if written < 100_000 { written = written * 10 + Int(text[i] &- UInt8(ascii: "0")) }
                i += 1
            }
            exponent += exponentNegative ? -written : written
        }
        // At most 19 digits cannot wrap the mantissa, so `mantissa` is the digits exactly.
        if digits <= 19 && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            var value = Double(mantissa)
            value = exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
            return negative ? -value : value
        }
        if digits <= 19, let value = nearestDouble(mantissa, exponent) { return negative ? -value : value }
        return Double(Substring(decoding: text, as: UTF8.self)) ?? .nan
    }

    /// As `double`, for Float (`strtof` rounds the text once, not through a Double).
    static func float(_ text: UnsafeBufferPointer<UInt8>) -> Float {
        Float(Substring(decoding: text, as: UTF8.self)) ?? .nan
    }

    /// Whether Foundation takes a number's text that parsed as zero for a true zero (else it
    /// refuses the number as not representable). Its check reads the text four bytes at a time
    /// and the last one to three bytes backwards, stopping at the first `e` or non-zero digit it
    /// meets, so `0e5` and `0.00e5` count as not zero there while `0.0e5` does: this repeats
    /// the check as it is, for the same answers.
    static func isZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        func check(_ byte: UInt8) -> Bool? {
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return true }
            return nil
        }
        var start = 0
        while text.count - start >= 4 {
            for i in start..<(start + 4) { if let answer = check(text[i]) { return answer } }
            start += 4
        }
        for i in stride(from: text.count - 1, through: start, by: -1) { if let answer = check(text[i]) { return answer } }
        return true
    }
}
