import Testing
@testable import Shelf
@testable import ShelfCore

/// `.json` paths only ever hold one valid JSON text. (Invalid UTF-8, NUL, deep nesting through save
/// and append: the battery's "hostile JSON: extremes".)
@Suite struct SaveJSONTests {
    let home = TestHome()

    @Test func validJSONIsStoredByteForByte() {
        let text = "{\n  \"title\": \"Hi\",\n  \"n\": [1, 2.5e3, -0, true, null]\n}\n"
        #expect(home.run(["save", "caches", "feeds/today.json"], stdin: text).status == 0)
        #expect(home.run(["retrieve", "caches", "feeds/today.json"]).stdout == text)
    }

    @Test func invalidJSONKeepsTheOldFileAndReportsLineAndColumn() {
        #expect(home.run(["save", "caches", "a.json"], stdin: "[1]").status == 0)
        let result = home.expect(["save", "caches", "a.json"], stdin: "{\n  \"a\": 1,\n  \"b\" 2\n}", status: 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("line 3, column 7"), "\(result.stderr)")
        #expect(result.stderr.contains(home.path("cache/shelf/a.json")))
        #expect(result.stderr.contains("or pass --raw"))
        #expect(home.run(["retrieve", "caches", "a.json"]).stdout == "[1]")
        #expect(home.allPaths().filter { $0.contains(".shelf-") }.isEmpty)
    }

    @Test(arguments: ["", "   ", "{", "[1,]", "{'a':1}", "01", "nul", "[1] [2]", "\"unterminated", "{\"a\" 1}"])
    func invalidInputIsRejectedAndNothingIsCreated(_ text: String) {
        home.expect(["save", "caches", "new.json"], stdin: text, status: 65)
        #expect(!home.exists("cache/shelf/new.json"))
    }

    @Test func invalidJSONInALargeInputIsCaughtAfterManyBuffers() {
        let big = "[" + String(repeating: "1234567890,", count: 400_000) + "oops]"
        home.expect(["save", "caches", "big.json"], stdin: big, status: 65, saying: "line 1, column 4400002")
        #expect(!home.exists("cache/shelf/big.json"))
    }

    @Test func otherExtensionsAreNotChecked() {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "{").status == 0)
        #expect(home.run(["save", "caches", "A.JSON"], stdin: "{").status == 65)
    }

    /// `--raw` on an append would break the stored array, so only save offers it.
    @Test func appendOfBadJSONDoesNotSuggestRaw() {
        let result = home.expect(["append", "caches", "log.json"], stdin: "x", status: 65, saying: "line 1, column 1")
        #expect(!result.stderr.contains("--raw"), "\(result.stderr)")
    }
}
