import Testing
@testable import Shelf
@testable import ShelfCore

/// `shelf append` to JSON Lines and to plain files.
@Suite struct AppendLinesRawTests {
    let home = TestHome()

    func append(_ path: String, _ input: String, _ extra: [String] = []) -> CLIResult {
        home.run(["append", "caches", path] + extra, stdin: input)
    }

    @Test(arguments: ["log.jsonl", "log.ndjson", "LOG.JSONL"])
    func eachLineIsAppendedAsALine(_ name: String) {
        #expect(append(name, "{\"a\": 1}\n").status == 0)
        #expect(append(name, "[1, 2]  \n\n\"three\"").status == 0)
        #expect(home.read("cache/shelf/" + name) == "{\"a\": 1}\n[1, 2]\n\"three\"\n")
    }

    @Test func aMissingFinalLineBreakIsAddedFirst() throws {
        try home.write("cache/shelf/l.jsonl", "1")
        #expect(append("l.jsonl", "2\n").status == 0)
        #expect(home.read("cache/shelf/l.jsonl") == "1\n2\n")
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

    @Test func emptyInputAddsNoLines() throws {
        #expect(append("l.jsonl", "").status == 0)
        #expect(home.read("cache/shelf/l.jsonl") == "")
        #expect(append("l.jsonl", "\n\n").status == 0)
        #expect(home.read("cache/shelf/l.jsonl") == "")
    }

    @Test func otherFilesGetTheBytesAsTheyAre() {
        #expect(append("notes.txt", "one\n").status == 0)
        #expect(append("notes.txt", "two, no newline").status == 0)
        #expect(append("notes.txt", "{").status == 0)
        #expect(home.read("cache/shelf/notes.txt") == "one\ntwo, no newline{")
    }

    @Test func rawBytesIncludeAnythingBinary() throws {
        let bytes: [UInt8] = [0, 0xFF, 0x0A, 0x80]
        #expect(home.run(["append", "caches", "b.bin"], stdinBytes: bytes).status == 0)
        #expect(home.run(["append", "caches", "b.bin"], stdinBytes: bytes).status == 0)
        #expect(Array(home.read("cache/shelf/b.bin")!.utf8).count > 0)
        #expect(try home.store().retrieveBytes("b.bin", from: .caches) == bytes + bytes)
    }

    @Test func fileOptionReadsTheInputFromAFile() throws {
        try home.write("input.json", "[7, 8]")
        #expect(home.run(["append", "caches", "a.json", "--each", "--file", home.path("input.json")]).status == 0)
        #expect(home.read("cache/shelf/a.json") == "[7,8]")
        #expect(home.run(["append", "caches", "a.json", "--file", home.path("missing")]).status == 66)
    }

    @Test func helpDescribesEveryTarget() {
        let help = home.run(["append", "--help"]).expect(status: 0)
        for word in ["--each", "--raw", "--file", ".jsonl", "folder", "journal"] {
            #expect(help.stdout.contains(word), "\(word)")
        }
        #expect(home.run(["append", "caches"]).status == 64)
    }
}
