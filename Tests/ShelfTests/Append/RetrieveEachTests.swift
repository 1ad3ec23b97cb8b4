import Testing
@testable import Shelf
@testable import ShelfCore

/// `shelf retrieve --each`: a stored array as compact JSON Lines, streamed.
@Suite struct RetrieveEachTests {
    let home = TestHome()

    func each(_ path: String) -> CLIResult {
        home.run(["retrieve", "documents", path, "--each"])
    }

    /// An array's elements, or a JSON Lines file's values, one compact line each.
    @Test(arguments: [("a.json",
                       "[\n  {\"ok\" : true, \"s\": \"a  b\\\\\", \"t\": \"\\\" ]\"},\n  [1, [2]],\n  -1.5e3, \"x\", null\n]\n",
                       "{\"ok\":true,\"s\":\"a  b\\\\\",\"t\":\"\\\" ]\"}\n[1,[2]]\n-1.5e3\n\"x\"\nnull\n"),
                      ("l.jsonl", "{\"a\": 1}\n\n  [1, 2] \n3", "{\"a\":1}\n[1,2]\n3\n")])
    func valuesComeOutOneCompactLineEach(_ name: String, _ stored: String, _ lines: String) throws {
        try home.write("docs/shelf/" + name, stored)
        let result = each(name)
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout == lines)
    }

    /// An empty array gives nothing; another value, or a broken file, exits 65 and writes nothing.
    @Test(arguments: [("[ ]", Int32(0), [String]()), ("{\"a\": [1, 2]}", 65, ["not an array", "Retrieve it without --each"]),
                      ("[1, 2, oops]", 65, ["stored file is not valid JSON"])])
    func whatIsNoArrayOfElementsGivesNone(_ stored: String, _ status: Int32, _ messages: [String]) throws {
        try home.write("docs/shelf/a.json", stored)
        let result = each("a.json").expect(status: status)
        #expect(result.stdout.isEmpty)
        for message in messages { #expect(result.stderr.contains(message), "\(result.stderr)") }
    }

    @Test func manyBuffersOfElementsRoundTrip() throws {
        let count = 300_000
        let items = (0..<count).map { "{\"n\": \($0), \"s\": \"\(String(repeating: "x", count: $0 % 7))\"}" }
        try home.write("docs/shelf/big.json", "[" + items.joined(separator: ",\n ") + "]")
        let result = each("big.json")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines.last == "{\"n\":\(count - 1),\"s\":\"\(String(repeating: "x", count: (count - 1) % 7))\"}")
    }

    @Test func missingAndFolderTargets() throws {
        #expect(each("none.json").status == 66)
        try home.write("docs/shelf/dir/x", "1")
        #expect(each("dir").status == 66)
    }
}
