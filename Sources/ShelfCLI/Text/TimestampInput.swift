import ShelfCore

/// ISO 8601 times as `save --expires-at` reads them, without Foundation (`TimestampText` writes
/// them).
///
/// Accepted: `2025-06-30` (midnight UTC), and `2025-06-30T18:00Z`, `2025-06-30T18:00:00Z`,
/// `2025-06-30T18:00:00.5+02:00`, `…+0200`, `…+02` (a space may replace the `T`). A time of day
/// must carry `Z` or an offset: without one it would depend on the machine's time zone, and an
/// expiry that moves with `TZ` is a bug waiting to happen.
enum TimestampInput {
    static let expected = "expected an ISO 8601 time with a zone, such as 2025-06-30T18:00:00Z, 2025-06-30T18:00+02:00 or 2025-06-30"

    /// Seconds since 1970-01-01T00:00:00Z; a fraction of a second is dropped.
    /// - Throws: `ValueSyntaxError` for any other form or an impossible date or time.
    static func epochSeconds(_ text: String) throws -> Int64 {
        var reader = Reader(bytes: Array(text.utf8))
        func fail(_ why: String = expected) -> ValueSyntaxError { ValueSyntaxError(text, why) }
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2),
              reader.skip("-"), let day = reader.number(digits: 2) else { throw fail() }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else {
            throw fail("no such date")
        }
        let midnight = daysSinceEpoch(year: year, month: month, day: day) * 86_400
        if reader.atEnd { return midnight }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
              let hour = reader.number(digits: 2), reader.skip(":"), let minute = reader.number(digits: 2) else { throw fail() }
        var second: Int64 = 0
        if reader.skip(":") {
            guard let s = reader.number(digits: 2) else { throw fail() }
            second = s
            if reader.skip(".") || reader.skip(",") {
                guard reader.digits() > 0 else { throw fail() }
            }
        }
        guard hour <= 23, minute <= 59, second <= 60 else { throw fail("no such time of day") }
        let offset = try zoneOffset(&reader, fail)
        guard reader.atEnd else { throw fail() }
        return midnight + hour * 3600 + minute * 60 + second - offset
    }

    /// `Z`, `±HH:MM`, `±HHMM` or `±HH`, as seconds east of UTC.
    private static func zoneOffset(_ reader: inout Reader, _ fail: (String) -> ValueSyntaxError) throws -> Int64 {
        if reader.skip("Z") || reader.skip("z") { return 0 }
        let sign: Int64
        if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else {
            throw fail("the time has no zone; add Z (UTC) or an offset such as +02:00")
        }
        guard let hours = reader.number(digits: 2) else { throw fail(expected) }
        var minutes: Int64 = 0
        if !reader.atEnd {
            _ = reader.skip(":")
            guard let m = reader.number(digits: 2) else { throw fail(expected) }
            minutes = m
        }
        guard hours <= 23, minutes <= 59 else { throw fail("no such zone offset") }
        return sign * (hours * 3600 + minutes * 60)
    }

    static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// A cursor over the bytes of the text.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }

        /// Exactly `digits` decimal digits.
        mutating func number(digits: Int) -> Int64? {
            guard index + digits <= bytes.count, bytes[index..<index + digits].allSatisfy(isDecimalDigit) else { return nil }
            var end = 0
            let value = readDecimal(Array(bytes[index..<index + digits]), &end)
            index += digits
            return value
        }

        /// Skips any run of digits; returns how many.
        mutating func digits() -> Int {
            let start = index
            while index < bytes.count, isDecimalDigit(bytes[index]) { index += 1 }
            return index - start
        }
    }
}
