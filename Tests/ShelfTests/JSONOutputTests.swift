import Foundation
import Testing
@testable import ShelfCLI

/// `--json` where it is given and what it prints; the shape of every command's document, and its
/// keys against docs/json-output.md, are JSONShapeTests'.
@Suite struct JSONOutputTests {
    let home = TestHome()

    @Test func versionAsJSONInEitherOrder() throws {
        for arguments in [["--version", "--json"], ["--json", "--version"]] {
            let result = home.run(arguments)
            #expect(result.status == 0 && result.stderr.isEmpty)
            #expect(result.stdout == #"{"name":"shelf","version":"\#(CLI.version)"}"# + "\n")
        }
    }

    @Test func jsonBeforeTheCommandIsTheCommandsOwn() {
        #expect(home.run(["--json", "dirs"]).stdout == home.run(["dirs", "--json"]).stdout)
        home.expect(["--json", "exists", "caches", "a"], status: 64, saying: "'exists' has no --json option")
    }

    @Test func syncReportsOnlyWithJSONThroughTheSameWriter() {
        let result = home.run(["sync", "applicationSupport", "u", "--json"], stdin: #"[{"id":"a\"b/c"}]"#)
        #expect(result.status == 65, "an id with '/' is refused before anything is written")
        let plain = home.run(["sync", "applicationSupport", "u"], stdin: #"[{"id":"a"}]"#)
        #expect(plain.status == 0 && plain.stdout.isEmpty, "\(plain.stdout)")
        let ok = home.run(["sync", "applicationSupport", "u", "--json"], stdin: #"[{"id":"é"},{"id":2}]"#)
        #expect(ok.stdout == #"{"added":["2","é"],"removed":["a"],"updated":[]}"# + "\n")
    }

    @Test func jsonTextEscapesAndNests() throws {
        let text = JSONText.object([
            ("s", .string("q\"b\\n\n\t\u{01}é/")), ("i", .integer(-5)), ("t", .bool(true)), ("f", .bool(false)),
            ("n", .null), ("a", .array([.integer(1), .strings(["x"])])), ("o", .object([("k", .array([]))])),
        ])
        #expect(text == #"{"s":"q\"b\\n\n\t\u0001é/","i":-5,"t":true,"f":false,"n":null,"a":[1,["x"]],"o":{"k":[]}}"#)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["s"] as? String == "q\"b\\n\n\t\u{01}é/")
    }

    @Test func quietNeverSilencesData() {
        let result = home.run(["dirs", "--json", "--quiet"])
        #expect(result.status == 0 && !result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(home.run(["-q", "path", "caches"]).stdout == home.run(["path", "caches"]).stdout)
    }
}

/// (list --json's one array on one line, keys in order: ListTests.jsonIsOneArrayOfObjectsWithEveryKey.)
@Suite struct HumanSizeOptionTests {
    let home = TestHome()

    @Test func listHumanGivesBinaryUnitsAndImpliesLong() {
        #expect(home.run(["save", "documents", "big.bin"], stdinBytes: [UInt8](repeating: 1, count: 1536)).status == 0)
        let human = home.expect(["list", "--human", "documents"], status: 0)
        #expect(human.stdout.hasPrefix("1.5 KiB\t"), "\(human.stdout)")
        #expect(home.run(["list", "-l", "documents"]).stdout.hasPrefix("1536\t"))
        #expect(home.run(["list", "--human", "--json", "documents"]).status == 64)
    }
}
