import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// `shelf append` to a folder: the next numbered file (Disk's `[Data]` append, done better).
@Suite struct AppendFolderTests {
    let home = TestHome()

    func append(_ path: String, _ input: String, _ extra: [String] = []) -> CLIResult {
        home.run(["append", "documents", path] + extra, stdin: input)
    }

    func names(_ folder: String) -> [String] {
        home.allPaths().filter { $0.hasPrefix("docs/shelf/\(folder)/") }.map { String($0.dropFirst("docs/shelf/\(folder)/".count)) }
    }

    @Test func aTrailingSlashMakesTheFolderAndTheFirstFileIsZero() {
        let first = append("shots/", "a")
        #expect(first.status == 0 && first.stdout == "0\n" && first.stderr.isEmpty)
        #expect(append("shots", "b").stdout == "1\n")
        #expect(home.read("docs/shelf/shots/0") == "a" && home.read("docs/shelf/shots/1") == "b")
        #expect(names("shots") == [".shelf-counter", "0", "1"], "no temporary file is left")
    }

    @Test func theNextNumberFollowsTheHighestPurelyNumericName() throws {
        for name in ["2", "007", "a1b2", "99x", ".hidden9", "10.json"] {
            try home.write("docs/shelf/f/" + name, name)
        }
        #expect(append("f", "new").stdout == "8\n")
        #expect(home.read("docs/shelf/f/8") == "new")
        #expect(!home.exists("docs/shelf/f/0"), "gaps are never filled")
        #expect(append("f", "newer").stdout == "9\n")
    }

    @Test func eachStoresOneCompactFilePerElement() {
        let result = append("f/", "[{\"a\" : 1}, \"two\", [3, 4]]", ["--each"])
        #expect(result.stdout == "0\n1\n2\n")
        #expect(home.read("docs/shelf/f/0") == "{\"a\":1}")
        #expect(home.read("docs/shelf/f/1") == "\"two\"")
        #expect(home.read("docs/shelf/f/2") == "[3,4]")
        #expect(append("f/", "{}", ["--each"]).status == 65)
        #expect(names("f") == [".shelf-counter", "0", "1", "2"])
    }

    @Test func aFileNamedWithASlashIsRefused() throws {
        try home.write("docs/shelf/file", "x")
        #expect(append("file/", "y").status == 73)
        #expect(home.read("docs/shelf/file") == "x")
    }
}
