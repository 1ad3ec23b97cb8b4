/// Median and quartiles of repeated samples. The spread is the interquartile range relative to
/// the median: on a shared machine a few runs are always slow, and quartiles ignore them.
struct Summary: Codable {
    var median: Double
    var lowerQuartile: Double
    var upperQuartile: Double
    var samples: [Double]

    init(_ values: [Double]) {
        let sorted = values.sorted()
        samples = values
        median = Summary.quantile(sorted, 0.5)
        lowerQuartile = Summary.quantile(sorted, 0.25)
        upperQuartile = Summary.quantile(sorted, 0.75)
    }

    /// (Q3 − Q1) / median, as a fraction.
    var spread: Double { median > 0 ? (upperQuartile - lowerQuartile) / median : 0 }

    /// Linear interpolation between the closest ranks.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let position = q * Double(sorted.count - 1)
        let low = Int(position), high = min(low + 1, sorted.count - 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }
}

/// A target from the issue, applied to the median of the per-pair ratios shelf ÷ baseline.
enum Target: Codable {
    /// shelf takes at most this many times the baseline's time.
    case atMost(Double)
    /// shelf is at least this many times faster than the baseline.
    case fasterBy(Double)
    /// No ratio target (the case reports a rate and a check).
    case none

    func met(_ ratio: Double) -> Bool? {
        switch self {
        case .atMost(let limit): return ratio <= limit
        case .fasterBy(let factor): return ratio <= 1 / factor
        case .none: return nil
        }
    }

    var text: String {
        switch self {
        case .atMost(let limit): return "≤ \(Format.number(limit))×"
        case .fasterBy(let factor): return "≥ \(Format.number(factor))× faster"
        case .none: return "—"
        }
    }
}

enum Format {
    /// A duration with a unit that keeps three significant digits.
    static func duration(_ seconds: Double) -> String {
        if seconds.isNaN { return "—" }
        if seconds < 1e-3 { return fixed(seconds * 1e6, 0) + " µs" }
        if seconds < 1 { return fixed(seconds * 1e3, seconds < 0.01 ? 2 : 1) + " ms" }
        return fixed(seconds, 2) + " s"
    }

    static func ratio(_ value: Double) -> String {
        value.isNaN ? "—" : fixed(value, value < 0.1 ? 4 : 2) + "×"
    }

    static func percent(_ fraction: Double) -> String { "±" + fixed(fraction * 50, 0) + "%" }

    static func mebibytes(_ kib: Int) -> String { kib <= 0 ? "—" : fixed(Double(kib) / 1024, 1) + " MiB" }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : fixed(value, 1)
    }

    /// `value` with exactly `digits` decimals, rounded (whole numbers of units, so no "1e-05").
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(value) }
        let scale = (0..<digits).reduce(1) { scale, _ in scale * 10 }
        let units = Int((abs(value) * Double(scale)).rounded())
        let whole = (value < 0 && units > 0 ? "-" : "") + String(units / scale)
        return digits == 0 ? whole : whole + "." + String(scale + units % scale).dropFirst()
    }
}
