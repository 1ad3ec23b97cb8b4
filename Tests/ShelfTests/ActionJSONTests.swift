import Foundation
import Testing
@testable import ShelfCLI

/// Issue 15: every command that acts prints what it did with `--json`, once it is done. (Without
/// it nothing is printed, as before: EndToEndTests, SaveRetrieveTests' --print-path; the two
/// together are refused: TypedCommandTests.wrongWordsAreRefusedBeforeAnyIO. Whether remove removed
/// each path: JSONShapeTests.removeOfSeveralPathsIsOneDocumentWithItsFailures, and with --force
/// SeveralPathsTests.forceIgnoresMissingPathsAndJSONGivesOneObjectForAllPaths.)
@Suite struct ActionJSONTests {
    let home = TestHome()

    func object(_ result: CLIResult) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("\n") && result.stdout.filter { $0 == "\n" }.count == 1, "one line: \(result.stdout)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func saveGivesItsPathSizeAndExpiry() throws {
        let saved = try object(home.run(["save", "caches", "feeds/a.json", "--json"], stdin: #"{"a":1}"#))
        #expect(saved["directory"] as? String == "caches")
        #expect(saved["path"] as? String == home.path("cache/shelf/feeds/a.json"))
        #expect(saved["bytes"] as? Int == 7)
        #expect(saved["expires"] is NSNull)
        let expiring = try object(home.run(["--json", "save", "caches", "t", "--expires-at", "2030-01-01T00:00:00Z"], stdin: ""))
        #expect(expiring["expires"] as? Int == 1_893_456_000 && expiring["bytes"] as? Int == 0)
        // A big input from a file is copied inside the kernel, and still counted.
        try home.write("big.bin", String(repeating: "z", count: 3_000_000))
        let big = try object(home.run(["save", "caches", "big.bin", "--file", home.path("big.bin"), "--json"]))
        #expect(big["bytes"] as? Int == 3_000_000)
    }

    @Test func appendGivesItemsAndNewNames() throws {
        let array = try object(home.run(["append", "caches", "log.json", "--each", "--json"], stdin: "[1,2,3]"))
        #expect(array["items"] as? Int == 3 && (array["created"] as? [String]) == [])
        #expect(array["path"] as? String == home.path("cache/shelf/log.json"))
        let folder = try object(home.run(["append", "caches", "shots/", "--each", "--json"], stdin: #"["a","b"]"#))
        #expect(folder["items"] as? Int == 2 && (folder["created"] as? [String]) == ["0", "1"])
        #expect(folder["path"] as? String == home.path("cache/shelf/shots"))
    }

    @Test func copyMoveAndRenameGiveWhereFromAndWhereTo() throws {
        #expect(home.run(["save", "documents", "a.txt"], stdin: "a").status == 0)
        let copied = try object(home.run(["copy", "documents", "a.txt", "caches", "b.txt", "--json"]))
        #expect(copied["directory"] as? String == "caches" && copied["path"] as? String == home.path("cache/shelf/b.txt"))
        #expect(copied["from"] as? String == home.path("docs/shelf/a.txt"))
        let moved = try object(home.run(["move", "caches", "b.txt", "temporary", "--json"]))
        #expect(moved["path"] as? String == home.path("run/shelf/b.txt") && moved["from"] as? String == home.path("cache/shelf/b.txt"))
        let renamed = try object(home.run(["rename", "temporary", "b.txt", "sub/c.txt", "--json"]))
        #expect(renamed["directory"] as? String == "temporary" && renamed["path"] as? String == home.path("run/shelf/sub/c.txt"))
        #expect(home.read("run/shelf/sub/c.txt") == "a")
    }

    /// A path that is not UTF-8 is escaped in `path`, and given exactly in `pathBytes`.
    @Test func aPathThatIsNotUTF8HasItsBytes() throws {
        let result = home.run(bytes: [b("save"), b("caches"), b("caf", 0xE9), b("--json")], stdin: "x")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(object["path"] as? String == home.path("cache/shelf/caf\\xE9"))
        let bytes = try #require((object["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) })
        #expect(Array(bytes) == Array(home.path("cache/shelf/").utf8) + b("caf", 0xE9))
        let moved = home.run(bytes: [b("move"), b("caches"), b("caf", 0xE9), b("documents"), b("--json")])
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(moved.stdout)) as? [String: Any]).keys
        #expect(Set(keys) == ["directory", "path", "pathBytes", "from", "fromBytes"])
    }
}
