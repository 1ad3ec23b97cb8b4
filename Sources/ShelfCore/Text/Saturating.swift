/// Arithmetic on values from outside (file sizes, times, expiry attributes, index lines): Swift
/// traps on overflow, and a sparse file of 8 EiB or a time of Int64.min is something any user can
/// make (issue 12, item 9). Where a total or a bound may leave Int64's range it stops at the edge.
extension Int64 {
    /// `self + other`, held at `Int64.max` or `Int64.min` instead of overflowing.
    package func addingSaturated(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self - other`, held at `Int64.max` or `Int64.min` instead of overflowing.
    func subtractingSaturated(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }

    /// The whole part of `value`, held within Int64's range (NaN is 0).
    package init(saturating value: Double) {
        if value.isNaN { self = 0 } else if value >= 9.223_372_036_854_775_807e18 { self = .max } else if value <= -9.223_372_036_854_775_808e18 {
            self = .min
        } else { self = Int64(value) }
    }
}
