/// 128-bit approximations of the powers of five, for `JSONTape.nearestDouble` (the tables are
/// in PowersOfFive+Negative.swift and PowersOfFive+Positive.swift).
enum PowersOfFive {
    static let smallest = -342
    static let largest = 308

    /// The high and low words of 5^q's approximation, q in `smallest ... largest`.
    @inline(__always) static func words(_ q: Int) -> (high: UInt64, low: UInt64) {
        if q < 0 {
            let at = (q - smallest) &* 2
            return (negative[at], negative[at &+ 1])
        }
        return (positive[q &* 2], positive[q &* 2 &+ 1])
    }
}

extension JSONTape {
    /// `digits` × 10^`exponent` as the nearest Double (ties to even), by Eisel and Lemire's
    /// method: the digits, shifted to the top of a word, times a 128-bit approximation of
    /// 5^exponent, give the result's 54 top bits and, in the bits below, whether the
    /// approximation could have changed them. Nil where it cannot be sure, where the result
    /// would be subnormal, zero or infinite, or the digits are zero: the caller then asks
    /// `strtod`, as before. `digits` must be the number's digits exactly (at most 19 of them).
    ///
    /// Why it is here: a Double that is not a short decimal (17 digits, or an exponent past
    /// 22) went to the standard library's parser through a `String`, about 2,400 instructions,
    /// a fifth of the decoding of a flat record that holds one; this takes about a hundred.
    static func nearestDouble(_ digits: UInt64, _ exponent: Int) -> Double? {
        guard digits != 0, exponent >= PowersOfFive.smallest, exponent <= PowersOfFive.largest else { return nil }
        let leadingZeros = digits.leadingZeroBitCount
        let w = digits << UInt64(leadingZeros)
        let power = PowersOfFive.words(exponent)
        var (high, low) = w.multipliedFullWidth(by: power.high)
        // The top 55 bits may still change with the lower word of the power: add its product in.
        if high & 0x1FF == 0x1FF {
            let second = w.multipliedFullWidth(by: power.low)
            let (sum, carried) = low.addingReportingOverflow(second.high)
            low = sum
            if carried { high &+= 1 }
        }
        // The product may be just below a boundary the exact one crosses: not decided here.
        guard low != .max else { return nil }
        let upperBit = Int(high >> 63)
        let shift = upperBit + 64 - 52 - 3
        var mantissa = high >> UInt64(shift)
        // The binary exponent: floor(log2(10^exponent)) + 63, then the normalisation's shifts.
        var power2 = (((152_170 + 65_536) * exponent) >> 16) + 63 + upperBit - leadingZeros + 1023
        guard power2 > 0 else { return nil }
        // Exactly halfway between two Doubles (possible only for these exponents, where 5^q is
        // exact in the table's words): round to even rather than up.
        if low <= 1 && exponent >= -4 && exponent <= 23 && mantissa & 3 == 1 && (mantissa << UInt64(shift)) == high {
            mantissa &= ~1
        }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= 2 << 52 {
            mantissa = 1 << 52
            power2 += 1
        }
        mantissa &= ~(1 << 52)
        guard power2 < 0x7FF else { return nil }
        return Double(bitPattern: UInt64(power2) << 52 | mantissa)
    }
}
