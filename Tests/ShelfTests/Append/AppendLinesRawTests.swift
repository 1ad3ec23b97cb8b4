import Testing
@testable import Shelf
@testable import ShelfCore

/// `shelf append` to JSON Lines and to plain files.
@Suite struct AppendLinesRawTests {
    let home = TestHome()

    func append(_ path: String, _ input: String, _ extra: [String] = []) -> CLIResult {
        home.run(["append", "caches", path] + extra, stdin: input)
    }

    static let lines = ["{\"a\": 1}\n", "[1, 2]  \n\n\"three\""]

    /// The inputs appended in turn to `name` (holding `before`, if given): a JSON Lines name gets each
    /// value as a line (a missing final line break added first, no line for no value), any other name
    /// the bytes as they are.
    @Test(arguments: [
        ("log.jsonl", nil, lines, "{\"a\": 1}\n[1, 2]\n\"three\"\n"), ("log.ndjson", nil, lines, "{\"a\": 1}\n[1, 2]\n\"three\"\n"),
        ("LOG.JSONL", nil, lines, "{\"a\": 1}\n[1, 2]\n\"three\"\n"), ("l.jsonl", "1", ["2\n"], "1\n2\n"),
        ("l.jsonl", nil, ["", "\n\n"], ""),
        ("notes.txt", nil, ["one\n", "two, no newline", "{"], "one\ntwo, no newline{"),
    ] as [(String, String?, [String], String)])
    func inputsAreAppendedAsLinesOrAsBytes(_ name: String, _ before: String?, _ inputs: [String], _ after: String) throws {
        if let before { try home.write("cache/shelf/" + name, before) }
        for input in inputs { #expect(append(name, input).status == 0, "\(input.debugDescription)") }
        #expect(home.read("cache/shelf/" + name) == after)
    }

    @Test(arguments: ["{\"a\":\n1}\n", "1 2\n", "{\n", "[1,]\n"])
    func aLineThatIsNotOneJSONTextChangesNothing(_ input: String) throws {
        try home.write("cache/shelf/l.jsonl", "0\n")
        let result = append("l.jsonl", input)
        #expect(result.status == 65, "\(input.debugDescription)")
        #expect(home.read("cache/shelf/l.jsonl") == "0\n")
    }

    @Test func eachWritesCompactLines() {
        #expect(append("l.jsonl", "[ {\"k\" : [1, 2],\n \"s\": \"a b\\\" c\"}, 3 ]", ["--each"]).status == 0)
        #expect(home.read("cache/shelf/l.jsonl") == "{\"k\":[1,2],\"s\":\"a b\\\" c\"}\n3\n")
    }

    @Test func rawBytesIncludeAnythingBinary() throws {
        let bytes: [UInt8] = [0, 0xFF, 0x0A, 0x80]
        #expect(home.run(["append", "caches", "b.bin"], stdinBytes: bytes).status == 0)
        #expect(home.run(["append", "caches", "b.bin"], stdinBytes: bytes).status == 0)
        #expect(try home.store().retrieveBytes("b.bin", from: .caches) == bytes + bytes)
    }

    @Test func fileOptionReadsTheInputFromAFile() throws {
        try home.write("input.json", "[7, 8]")
        #expect(home.run(["append", "caches", "a.json", "--each", "--file", home.path("input.json")]).status == 0)
        #expect(home.read("cache/shelf/a.json") == "[7,8]")
    }

    @Test func helpDescribesEveryTarget() {
        let help = home.run(["append", "--help"]).expect(status: 0)
        for word in ["--each", "--raw", "--file", ".jsonl", "folder", "journal"] {
            #expect(help.stdout.contains(word), "\(word)")
        }
        #expect(home.run(["append", "caches"]).status == 64)
    }
}
