import Testing
@testable import Shelf
@testable import ShelfCore
@testable import ShelfCLI

@Suite struct ValueTextTests {
    @Test(arguments: [("90s", 90), ("15m", 900), ("12h", 43_200), ("7d", 604_800), ("2w", 1_209_600), ("1h30m", 5400),
                      ("0s", 0), ("1d12h", 129_600),
                      // Issue 22 item 12: a bare number is seconds everywhere, and systemd's unit words.
                      ("3600", 3600), ("7", 7), ("0", 0), ("7days", 604_800), ("1day", 86_400), ("30min", 1800), ("90sec", 90),
                      ("2seconds", 2), ("1hr", 3600), ("3hours", 10_800), ("2weeks", 1_209_600), ("1week", 604_800),
                      ("1h 30min", 5400), ("5 min", 300), ("1 hour 5 minutes", 3900), ("10mins", 600)] as [(String, Int64)])
    func durationsReadAsSeconds(_ text: String, _ seconds: Int64) throws {
        #expect(try DurationText.seconds(text) == seconds)
    }

    @Test(arguments: ["", " ", "d", "7x", "-7d", "1.5h", "7D", "7M", "1y", "1h30", "7 parsecs", "h7", "7days5", "99999999999999999999s",
                      "9223372036854775807w", "99999999999999999999"])
    func badDurationsAreRefusedWithTheAcceptedForms(_ text: String) {
        let error = catchError { try DurationText.seconds(text) }
        #expect(error?.text == text)
        #expect(error?.message.contains("90s") == true || error?.message.contains("too large") == true)
    }

    /// One grammar for every option that takes a DURATION: `--older-than 7` was refused while
    /// `--expires-in 3600` meant seconds, and `7days` was refused by both.
    @Test(arguments: ["7", "3600", "7days", "1h30m", "2 weeks", "90s"])
    func everyDurationOptionTakesTheSameWords(_ duration: String) {
        let home = TestHome()
        let runs: [String: [String]] = [
            "older-than": ["clear", "caches", "--older-than", duration, "--dry-run"],
            "expires-in": ["save", "caches", "t", "--expires-in", duration],
        ]
        let durationOptions = Set(CommandTable.all.flatMap(\.allOptions).filter { $0.value == "DURATION" }.map(\.name))
        #expect(durationOptions == Set(runs.keys), "a DURATION option without a case here")
        for words in runs.values {
            home.expect(words, stdin: "x", status: 0)
        }
    }

    @Test(arguments: [("0", 0), ("512", 512), ("512B", 512), ("500K", 512_000), ("10M", 10_485_760), ("2G", 2_147_483_648),
                      ("1T", 1 << 40), ("3k", 3072), ("1KiB", 1024), ("1mb", 1 << 20), ("7E", 7 << 60)] as [(String, Int64)])
    func sizesReadAsBytesInPowersOf1024(_ text: String, _ bytes: Int64) throws {
        #expect(try ByteCountText.bytes(text) == bytes)
    }

    @Test(arguments: ["", "K", "10X", "1.5G", "-1K", "10 M", "8E", "99999999999999999999", "1KBB", "1iB"])
    func badSizesAreRefused(_ text: String) {
        let error = catchError { try ByteCountText.bytes(text) }
        #expect(error?.text == text)
    }

    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0), ("2025-06-30T16:00:00Z", 1_751_299_200), ("2025-06-30T18:00:00+02:00", 1_751_299_200),
        ("2025-06-30T18:00+0200", 1_751_299_200), ("2025-06-30T13:00-03", 1_751_299_200), ("2025-06-30 16:00:00.999Z", 1_751_299_200),
        ("2025-06-30", 1_751_241_600), ("2024-02-29T00:00:00z", 1_709_164_800), ("1969-12-31T23:59:59Z", -1),
        ("2000-03-01T00:00:00Z", 951_868_800),
    ] as [(String, Int64)])
    func isoTimesReadAsEpochSeconds(_ text: String, _ seconds: Int64) throws {
        #expect(try TimestampInput.epochSeconds(text) == seconds)
    }

    @Test(arguments: ["", "2025-06-30T16:00:00", "2025-13-01", "2025-02-29", "2025-06-31", "2025-06-30T24:00Z", "2025-06-30T16:60Z",
                      "2025/06/30", "25-06-30", "2025-06-30T16Z", "2025-06-30T16:00:00+25:00", "2025-06-30T16:00:00Zjunk",
                      "2025-06-30T16:00:00.Z", "tomorrow"])
    func badTimesAreRefused(_ text: String) {
        let error = catchError { try TimestampInput.epochSeconds(text) }
        #expect(error?.text == text)
        // A time without a zone says to add one.
        if text == "2025-06-30T16:00:00" { #expect(error?.message.contains("add Z") == true) }
    }

    @Test(arguments: [0, 1, -1, 86_399, 86_400, 951_868_800, 1_709_164_800, 1_751_299_200, 4_102_444_800, -86_401] as [Int64])
    func formattingRoundTrips(_ seconds: Int64) throws {
        let text = TimestampText.format(seconds)
        #expect(text.hasSuffix("Z") && text.count == 20)
        #expect(try TimestampInput.epochSeconds(text) == seconds)
    }

    /// Every day from 1900 to 2100 converts both ways.
    @Test func civilDatesRoundTripForTwoCenturies() {
        for days in Int64(-25_567)...Int64(47_482) {
            let (y, m, d) = TimestampText.civilDate(daysSinceEpoch: days)
            #expect(TimestampInput.daysSinceEpoch(year: y, month: m, day: d) == days)
            if TimestampInput.daysSinceEpoch(year: y, month: m, day: d) != days { return }
        }
    }

    func catchError(_ body: () throws -> Int64) -> ValueSyntaxError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? ValueSyntaxError
        }
    }
}
