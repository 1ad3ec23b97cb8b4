import Testing
@testable import Shelf
@testable import ShelfCore

/// The streaming validator on its own: grammar corners, positions, chunking, events, JSON Lines.
@Suite struct JSONValidatorTests {
    func check(_ text: String, mode: JSONValidator.Mode = .single) -> JSONSyntaxError? {
        do throws(JSONSyntaxError) {
            try JSONValidator.validate(Array(text.utf8), mode: mode)
            return nil
        } catch {
            return error
        }
    }

    /// Feeds one byte per call, so every state must survive a chunk boundary.
    func checkByteByByte(_ bytes: [UInt8], mode: JSONValidator.Mode = .single) -> JSONSyntaxError? {
        ValidatorComparison.reference(bytes, mode: mode).error
    }

    @Test(arguments: ["0", "-0", "-0.0e+1", "1E-2", "[]", "{}", " [ 1 , {\"a\" : [null, true, false]} ] ",
                      "\"\\u00e9\\uD834\\uDD1E\\/\\b\\f\\n\\r\\t\"", "\"é漢🙂\"", "{\"\":\"\"}", "123456789012345678901234567890"])
    func validTextsPass(_ text: String) {
        #expect(check(text) == nil)
        #expect(checkByteByByte(Array(text.utf8)) == nil)
    }

    @Test(arguments: ["", " ", "[1,]", "{\"a\":1,}", "[01]", "[-]", "[1.]", "[.5]", "[1e]", "[1e+]", "+1", "[tru]",
                      "[True]", "{a:1}", "{\"a\" 1}", "[1 2]", "\"a\nb\"", "\"\\x\"", "\"\\u12G4\"", "[1]x", "[1] [2]",
                      "\u{FEFF}{}", "[\"\u{01}\"]", "{\"a\":}", "[", "{\"a\"", "NaN", "[Infinity]", "0x10", "'a'"])
    func invalidTextsFail(_ text: String) {
        #expect(check(text) != nil, "\(text.debugDescription)")
        #expect(checkByteByByte(Array(text.utf8)) != nil, "\(text.debugDescription)")
    }

    @Test(arguments: [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
                      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x22, 0x80, 0x22]] as [[UInt8]])
    func invalidUTF8Fails(_ bytes: [UInt8]) {
        #expect(checkByteByByte(bytes) != nil)
    }

    @Test func errorsNameLineColumnInCharactersAndWhatWasExpected() {
        let error = check("{\n  \"é\": [1,\n   2 3]}")
        #expect(error?.line == 3)
        #expect(error?.column == 6)
        #expect(error?.message.contains("expected ',' or ']'") == true, "\(String(describing: error))")
        #expect(check("[1,]")?.message.contains("trailing commas") == true)
        #expect(check("{\"a\":1}\n{}")?.line == 2)
        #expect(check("  \n")?.message.contains("empty input") == true)
    }

    @Test func millionNestedArraysPassOrFailWithoutCrashing() {
        let deep = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
        #expect(check(deep) == nil)
        let tooDeep = Array(String(repeating: "[", count: 513).utf8)
        let error = ValidatorComparison.run(JSONValidator(mode: .single, maxDepth: 512), tooDeep, [tooDeep.indices]).error
        #expect(error?.message.contains("nesting deeper than 512") == true)
        #expect(check(String(repeating: "[", count: 1_000_000))?.message.contains("still open") == true)
    }

    /// The validator's events and counts for the whole text in one chunk.
    func record(_ text: String, mode: JSONValidator.Mode = .single) -> ValidatorOutcome {
        let bytes = Array(text.utf8)
        return ValidatorComparison.shipped(bytes, [bytes.indices], mode: mode)
    }

    /// The elements are `12`, `"b"`, `{"k":[1]}`, `true` and `-3.5e2`.
    @Test func topLevelElementsReportTheirExactByteRanges() {
        let outcome = record("[ 12, \"b\" ,{\"k\":[1]}, true,-3.5e2 ]")
        #expect(outcome.error == nil)
        #expect(outcome.events == ["began 2", "ended 4", "began 6", "ended 9", "began 11", "ended 20", "began 22", "ended 26",
                                   "began 27", "ended 33"])
        #expect(outcome.kind == .array)
        #expect(outcome.elements == 5)
    }

    @Test func jsonLinesReportEachValueAndRejectValuesSpanningLines() {
        let outcome = record("{\"a\":1}\n\n  [2] \r\n3", mode: .lines)
        #expect(outcome.error == nil && outcome.events == ["line 7", "line 14", "line 18"])
        #expect(outcome.values == 3)
        #expect(check("", mode: .lines) == nil)
        #expect(check("{\"a\":\n1}", mode: .lines)?.message.contains("one line") == true)
        #expect(check("1 2", mode: .lines)?.message.contains("line break") == true)
    }

    /// The eight-bytes-at-a-time string scan must stop at every quote, backslash, control and
    /// non-ASCII byte wherever it falls in a word: whole-buffer and byte-by-byte answers must agree.
    @Test func wordScanAgreesWithTheByteLoopWhereverSpecialBytesFall() {
        let specials: [[UInt8]] = [[0x22], [0x5C, 0x6E], [0x0A], [0x1F], [0xC3, 0xA9], [0xFF], [0x7F], [0x20]]
        for length in 0..<20 {
            for position in 0...length {
                for special in specials {
                    var body = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    body.insert(contentsOf: special, at: position)
                    let text = [0x5B, 0x22] + body + [0x22, 0x5D]
                    let whole = ValidatorComparison.shipped(text, [text.indices], mode: .single).error
                    #expect(whole == checkByteByByte(text), "\(text)")
                }
            }
        }
    }
}
