/// Durations as people type them for cron jobs: a number and a unit, `90s`, `15m`, `12h`, `7d`,
/// `2w`, or several in a row (`1h30m`). Used by `clear --older-than` and `save --expires-in`, and by
/// anything else that takes a duration, so that every command reads them the same way.
package enum DurationText {
    /// Seconds per unit. No months or years: their length varies, and `30d` says exactly what it means.
    package static let units: [(Character, Int64)] = [("s", 1), ("m", 60), ("h", 3600), ("d", 86_400), ("w", 604_800)]

    static let expected = "expected a number and a unit (s, m, h, d, w), such as 90s, 15m, 12h, 7d, 2w or 1h30m"

    /// The number of seconds `text` spells.
    /// - Throws: `ValueSyntaxError` for an empty text, a missing unit or number, an unknown unit,
    ///   or a total that does not fit in 64 bits.
    package static func seconds(_ text: String) throws -> Int64 {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { throw ValueSyntaxError(text, "empty duration; " + expected) }
        var index = 0
        var total: Int64 = 0
        while index < bytes.count {
            let start = index
            guard let number = readDecimal(bytes, &index) else {
                throw ValueSyntaxError(text, start < bytes.count && isDecimalDigit(bytes[start]) ? "the duration is too large" : expected)
            }
            guard index < bytes.count else { throw ValueSyntaxError(text, "the number has no unit; " + expected) }
            let letter = Character(Unicode.Scalar(bytes[index]))
            guard let unit = units.first(where: { $0.0 == letter })?.1 else {
                throw ValueSyntaxError(text, "unknown unit '\(letter)'; " + expected)
            }
            index += 1
            let (part, o1) = number.multipliedReportingOverflow(by: unit)
            let (sum, o2) = total.addingReportingOverflow(part)
            if o1 || o2 { throw ValueSyntaxError(text, "the duration is too large") }
            total = sum
        }
        return total
    }
}
