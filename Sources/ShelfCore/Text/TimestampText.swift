/// ISO 8601 times written without Foundation: `list -l`, `--json` output and the expired
/// message show them (`2025-06-30T16:00:00Z`); the command line reads them with
/// `TimestampInput`.
package enum TimestampText {
    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC, for any 64-bit time: file times and expiry attributes come
    /// from outside, and Int64.min is a time a file can carry (issue 12, item 9). Years outside
    /// 0000–9999 take a sign and as many digits as they need, ISO 8601's expanded form
    /// (`+292277026596-12-04T15:30:07Z`).
    package static func format(_ epochSeconds: Int64) -> String {
        // Floor division that cannot overflow: the remainder is in -86,399…86,399.
        var (days, secondOfDay) = epochSeconds.quotientAndRemainder(dividingBy: 86_400)
        if secondOfDay < 0 { (days, secondOfDay) = (days - 1, secondOfDay + 86_400) }
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let yearText = (0...9999).contains(year) ? pad(year, 4) : (year < 0 ? "-" : "+") + pad(year.magnitude, 4)
        return yearText + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + "Z"
    }

    /// The inverse (`civil_from_days`).
    static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad<Value: BinaryInteger>(_ value: Value, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
