import Foundation
import Glibc
import ShelfTestSupport
import Testing
@testable import Shelf
@testable import ShelfCore

/// `shelf append` to `.json` files: the array grows in place (a file holding one other value:
/// AppendWrapTests).
@Suite struct AppendJSONTests {
    let home = TestHome()
    let file = "docs/shelf/log.json"

    func append(_ input: String, to path: String = "log.json", _ extra: [String] = []) -> CLIResult {
        home.run(["append", "documents", path] + extra, stdin: input)
    }

    @Test func appendToArrayKeepsEarlierItemsAndChangesTheFileInPlace() throws {
        try home.write(file, "[\n  1,\n  \"two\"\n]\n")
        let before = try #require(ScratchDisks.inode(of: home.path(file)))
        #expect(append(" {\"three\": [3]} ").status == 0)
        #expect(append("4").status == 0)
        #expect(home.read(file) == "[\n  1,\n  \"two\",{\"three\": [3]},4\n]\n")
        #expect(ScratchDisks.inode(of: home.path(file)) == before, "an in-place append keeps the same file")
        #expect(home.shelfLeftovers().isEmpty)
    }

    /// What a stored file (or none) and one more item make, printing nothing. Only the two ends of
    /// an array are read: damage in the middle (which no shelf write can cause) goes unnoticed by
    /// append, which is what makes it cost the same at any size.
    @Test(arguments: [(nil, "{\"a\": 1}\n", [], "[{\"a\": 1}]"), ("[ ]", "true", [], "[true ]"), (" \n", "1", [], "[1]"),
                      ("[1, oops, 2]", "3", [], "[1, oops, 2,3]"), ("[1]", "not json", ["--raw"], "[1]not json")]
          as [(String?, String, [String], String)])
    func theItemJoinsTheStoredArray(_ stored: String?, _ input: String, _ extra: [String], _ after: String) throws {
        if let stored { try home.write(file, stored) }
        let result = append(input, extra)
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stderr)")
        #expect(home.read(file) == after)
    }

    @Test(arguments: ["", "{", "[1,]", "1 2", "{'a':1}", "nul"])
    func invalidInputExits65AndLeavesTheFileAlone(_ input: String) throws {
        try home.write(file, "[1]")
        let result = append(input)
        #expect(result.status == 65, "\(input.debugDescription): \(result.stderr)")
        #expect(result.stderr.contains("line "))
        #expect(home.read(file) == "[1]")
        #expect(!home.exists("docs/shelf/new.json") && append(input, to: "new.json").status == 65 && !home.exists("docs/shelf/new.json"))
    }

    @Test func eachAppendsEveryElement() throws {
        try home.write(file, "[0]")
        #expect(append("[1, {\"b\": [2, 3]}, \"x\"]", ["--each"]).status == 0)
        #expect(home.read(file) == "[0,1,{\"b\": [2, 3]},\"x\"]")
        #expect(append("[]", ["--each"]).status == 0)
        #expect(home.read(file) == "[0,1,{\"b\": [2, 3]},\"x\"]")
        #expect(append("[]", to: "new.json", ["--each"]).status == 0)
        #expect(home.read("docs/shelf/new.json") == "[]")
        // --each needs a JSON name (with --raw it is a usage error: UsageTests' table).
        #expect(append("[1]", to: "a.txt", ["--each"]).status == 65)
    }

    /// --each needs an array; a broken stored value is reported, not wrapped.
    @Test(arguments: [("[0]", "{\"a\": 1}", ["--each"], "must be a JSON array"), ("{\"a\": ", "1", [], "stored file is not valid JSON")]
          as [(String, String, [String], String)])
    func aRefusedAppendExits65AndLeavesTheFile(_ stored: String, _ input: String, _ extra: [String], _ message: String) throws {
        try home.write(file, stored)
        let result = append(input, extra)
        #expect(result.status == 65)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(home.read(file) == stored)
    }

    @Test func largeArrayGrowsWithoutBeingRewritten() throws {
        let big = "[" + (0..<200_000).map(String.init).joined(separator: ",") + "]"
        try home.write(file, big)
        let before = try #require(ScratchDisks.inode(of: home.path(file)))
        #expect(append("\"last\"").status == 0)
        #expect(ScratchDisks.inode(of: home.path(file)) == before)
        let text = try #require(home.read(file))
        #expect(text.hasSuffix(",199999,\"last\"]") && text.count == big.count + 7)
    }

    @Test func itemsLargerThanMemoryBuffersGoThroughATemporaryFile() throws {
        try home.write(file, "[0]")
        let big = "\"" + String(repeating: "0123456789", count: 300_000) + "\""
        #expect(append(big).status == 0)
        #expect(append("[" + big + "," + big + "]", ["--each"]).status == 0)
        #expect(home.read(file) == "[0," + big + "," + big + "," + big + "]")
        #expect(home.shelfLeftovers().isEmpty)
    }

    @Test func folderAndLinkTargetsAreRefused() throws {
        #expect(home.run(["save", "documents", "d/x.json"], stdin: "1").status == 0)
        #expect(symlink(home.path("docs/shelf/d/x.json"), home.path("docs/shelf/link.json")) == 0)
        #expect(append("1", to: "link.json").status == 77)
        #expect(home.read("docs/shelf/d/x.json") == "1")
    }

    @Test func deepNestingIsAnErrorOrPassesButNeverCrashes() {
        let deep = String(repeating: "[", count: 1_000_000)
        let result = append(deep, to: "deep.json")
        #expect(result.status == 65)
        #expect(!home.exists("docs/shelf/deep.json"))
        let balanced = deep + String(repeating: "]", count: 1_000_000)
        #expect(append(balanced, to: "deep.json", ["--each"]).status == 0)
        #expect(home.read("docs/shelf/deep.json")?.count == 2_000_000)
    }
}
