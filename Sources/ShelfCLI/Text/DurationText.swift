import ShelfCore

/// Durations as people type them for cron jobs and systemd timers: a number and a unit, `90s`,
/// `15m`, `12h`, `7d`, `2w`, the unit spelt out as systemd.time(7) spells it (`7days`, `30min`,
/// `1 hour`), several in a row (`1h30m`, `1h 30min`), or a bare number of seconds (`3600`, as
/// OAuth's `expires_in`). Every option that takes a duration reads it here (`clear --older-than`,
/// `save --expires-in`), so that every command reads them the same way.
enum DurationText {
    /// Seconds per unit word. Case matters, as in systemd (`M` would be its month). No months or
    /// years: their length varies, and `30d` says exactly what it means.
    static let units: [(words: [String], seconds: Int64)] = [
        (["s", "sec", "secs", "second", "seconds"], 1),
        (["m", "min", "mins", "minute", "minutes"], 60),
        (["h", "hr", "hrs", "hour", "hours"], 3600),
        (["d", "day", "days"], 86_400),
        (["w", "week", "weeks"], 604_800),
    ]

    static let expected = "expected a number of seconds, or numbers with units (s, m, h, d, w; also sec, min, hour(s), day(s), week(s)), such as 3600, 90s, 15m, 12h, 7d, 2w, 7days or 1h30m"

    /// The number of seconds `text` spells.
    /// - Throws: `ValueSyntaxError` for an empty text, a missing number, an unknown unit, or a
    ///   total that does not fit in 64 bits.
    static func seconds(_ text: String) throws -> Int64 {
        let bytes = Array(text.utf8)
        var index = skipSpaces(bytes, 0)
        if index == bytes.count { throw ValueSyntaxError(text, "empty duration; " + expected) }
        var total: Int64 = 0
        var parts = 0
        while index < bytes.count {
            let start = index
            guard let number = readDecimal(bytes, &index) else {
                throw ValueSyntaxError(text, start < bytes.count && isDecimalDigit(bytes[start]) ? "the duration is too large" : expected)
            }
            index = skipSpaces(bytes, index)
            let wordStart = index
            while index < bytes.count, isLetter(bytes[index]) { index += 1 }
            let word = String(decoding: bytes[wordStart..<index], as: UTF8.self)
            let unit: Int64
            if word.isEmpty {
                // A bare number is seconds, but only alone: in `1h30` the 30 would be a guess.
                guard parts == 0, index == bytes.count else {
                    throw ValueSyntaxError(text, index == bytes.count ? "the last number has no unit; " + expected : expected)
                }
                unit = 1
            } else {
                guard let known = units.first(where: { $0.words.contains(word) })?.seconds else {
                    throw ValueSyntaxError(text, "unknown unit '\(word)'; " + expected)
                }
                unit = known
            }
            let (part, o1) = number.multipliedReportingOverflow(by: unit)
            let (sum, o2) = total.addingReportingOverflow(part)
            if o1 || o2 { throw ValueSyntaxError(text, "the duration is too large") }
            total = sum
            parts += 1
            index = skipSpaces(bytes, index)
        }
        return total
    }

    private static func skipSpaces(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
