import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// A save over a folder (73) and a retrieve of a folder (66) are cases of ExitStatusTests' table,
/// whose messages and hints HintTests check; new files 0600 and new folders 0700 are the battery's
/// "permissions: modes" (under three umasks, as root and as nobody); the cache tag a save makes in
/// caches alone, ClearTests.clearEmptiesTheNamespaceFolderAndKeepsTheCacheTag.
@Suite struct SaveRetrieveTests {
    let home = TestHome()

    @Test(arguments: ["documents", "caches", "applicationSupport", "temporary", "sharedContainer:team", "application-support"])
    func saveThenRetrieveRoundTripsInEveryDirectory(_ directory: String) {
        let saved = home.expect(["save", directory, "sub/dir/note.txt"], stdin: "hello\nworld\n", status: 0)
        #expect(saved.stdout.isEmpty && saved.stderr.isEmpty)
        let read = home.expect(["retrieve", directory, "sub/dir/note.txt"], status: 0)
        #expect(read.stdout == "hello\nworld\n")
        #expect(read.stderr.isEmpty)
    }

    @Test func savedFileLandsWhereTheTableSays() {
        #expect(home.run(["--app", "myapp", "save", "applicationSupport", "state.json"], stdin: "{}").status == 0)
        #expect(home.read("data/myapp/state.json") == "{}")
        #expect(home.run(["save", "caches", "a.bin"], stdin: "x", environment: ["SHELF_APP": "envapp"]).status == 0)
        #expect(home.read("cache/envapp/a.bin") == "x")
    }

    @Test func printPathPrintsTheAbsolutePathOnly() {
        let result = home.expect(["save", "documents", "a b/ü.txt", "--print-path"], stdin: "x", status: 0)
        #expect(result.stdout == home.path("docs/shelf/a b/ü.txt") + "\n")
    }

    /// What a save stores, replacing a longer file whole, and retrieve gives back is exactly the
    /// input (a --file input: ProcessBytesEndToEndTests' closed standard input).
    static let inputs: [String: [UInt8]] = [
        "none": [], "every byte value": (0...255).map(UInt8.init) + [0, 0, 255],
        "4.8 MB, several 1 MiB chunks": Array(String(repeating: "0123456789abcdef", count: 300_000).utf8),
    ]

    @Test(arguments: inputs.keys.sorted())
    func theBytesSavedAreTheBytesGiven(_ input: String) throws {
        let bytes = try #require(Self.inputs[input])
        #expect(home.run(["save", "caches", "b.bin"], stdin: String(repeating: "long ", count: 1000)).status == 0)
        #expect(home.run(["save", "caches", "b.bin"], stdinBytes: bytes).status == 0)
        #expect(FileManager.default.contents(atPath: home.path("cache/shelf/b.bin")).map(Array.init) == bytes)
        let read = home.run(["retrieve", "caches", "b.bin"])
        #expect(read.status == 0 && read.stdout == String(decoding: bytes, as: UTF8.self))
    }

    @Test func savingBelowAFileIsCannotCreate() {
        #expect(home.run(["save", "caches", "file"], stdin: "x").status == 0)
        #expect(home.run(["save", "caches", "file/inner"], stdin: "y").status == 73)
        #expect(home.run(["retrieve", "caches", "file"]).stdout == "x")
    }

    @Test func retrieveOfMissingFileNamesThePath() {
        let result = home.expect(["retrieve", "caches", "feeds/none.json"], status: 66)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(home.path("cache/shelf/feeds/none.json")))
    }
}
