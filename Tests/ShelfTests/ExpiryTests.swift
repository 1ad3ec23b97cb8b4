import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

@Suite struct ExpiryTests {
    let home = TestHome()

    /// Issue 22 item 10: expired is one status, 3, for retrieve as for exists; missing stays 66. Every
    /// read refuses an expired file, the library's too, unless allowed.
    @Test func anExpiredFileIsRefusedWithExit3UnlessAllowed() throws {
        try home.saveExpiring(.caches, "list.json", "[1,2]", at: 1_580_702_706)
        let refused = home.run(["retrieve", "caches", "list.json"])
        #expect(refused.status == 3 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("expired at 2020-02-03T04:05:06Z: \(home.path("cache/shelf/list.json"))"))
        #expect(refused.stderr.contains("--allow-expired"))
        let allowed = home.run(["retrieve", "caches", "list.json", "--allow-expired"])
        #expect(allowed.status == 0 && allowed.stdout == "[1,2]")
        // (Missing, 66: ExitStatusTests' "retrieve caches nope"; exists: SeveralPathsTests.existsTellsThereFromExpiredFromMissing.)
        #expect(home.run(["retrieve", "caches", "list.json", "--each"]).status == 3)
        #expect(home.run(["retrieve", "caches", "list.json", "--each", "--allow-expired"]).stdout == "1\n2\n")
        let store = try home.store()
        #expect(throws: ShelfError.self) { try store.retrieveBytes("list.json", from: .caches) }
        #expect(throws: ShelfError.self) { try store.retrieve("list.json", from: .caches, as: [Int].self) }
        // Appending keeps the expiry (the attribute belongs to the file).
        #expect(home.run(["append", "caches", "list.json"], stdin: "3").status == 0)
        #expect(try store.expiry(of: "list.json", in: .caches) == 1_580_702_706)
    }

    /// Issue 22 item 10: `list -l` and `list --json` tell an expired file from one still valid.
    @Test func listMarksExpiredFiles() throws {
        try home.saveExpiring(.caches, "old", "x", at: 1_580_702_706)
        #expect(home.run(["save", "caches", "fresh", "--expires-in", "1h"], stdin: "y").status == 0)
        let long = home.run(["list", "-l", "caches"]).stdout
        #expect(long.contains("\t2020-02-03T04:05:06Z (expired)\tbackup\told\n"), "\(long)")
        let freshLine = long.split(separator: "\n").first { $0.hasSuffix("\tfresh") } ?? ""
        #expect(!freshLine.contains("expired") && freshLine.split(separator: "\t").count == 5, "\(long)")
        let json = home.run(["list", "--json", "caches"]).stdout
        #expect(json.contains("\"name\":\"old\",") && json.contains("\"expires\":1580702706,\"expiresAt\":\"2020-02-03T04:05:06Z\",\"expired\":true"), "\(json)")
        #expect(json.contains("\"expired\":false"), "\(json)")
    }

    /// The expiry and the do-not-backup flag travel with rename, copy and move.
    @Test func theExpiryAndTheBackupFlagTravelWithRenameMoveAndCopy() throws {
        try home.saveExpiring(.caches, "a", "a", at: 978_307_200)
        #expect(home.run(["do-not-backup", "caches", "a"]).status == 0)
        #expect(home.run(["rename", "caches", "a", "b"]).status == 0)
        #expect(home.run(["copy", "caches", "b", "documents"]).status == 0)
        #expect(home.attribute("user.xdg.robots.backup", of: "cache/shelf/b") == "false")
        #expect(home.run(["move", "caches", "b", "applicationSupport"]).status == 0)
        for (directory, folder) in [("documents", "docs"), ("applicationSupport", "data")] {
            #expect(home.run(["retrieve", directory, "b"]).status == 3, "\(directory)")
            #expect(home.attribute("user.xdg.robots.backup", of: folder + "/shelf/b") == "false", "\(directory)")
        }
    }

    @Test func libraryRetrieveJudgesExpiryAtTheGivenTime() throws {
        let store = try home.store()
        var source = BytesSource(Array("v".utf8))
        try store.save(from: &source, to: "k", in: .caches, options: SaveOptions(expiresAt: 1000))
        #expect(try store.expiry(of: "k", in: .caches) == 1000)
        let out = CapturedFile()
        try store.retrieve(SafePath("k"), from: .caches, to: out.fd, options: RetrieveOptions(now: 999))
        #expect(out.contents() == "v")
        #expect(throws: ShelfError.expired(path: home.path("cache/shelf/k"), at: "1970-01-01T00:16:40Z")) {
            try store.retrieve(SafePath("k"), from: .caches, to: out.fd, options: RetrieveOptions(now: 1000))
        }
        try store.retrieve(SafePath("k"), from: .caches, to: out.fd, options: RetrieveOptions(allowExpired: true, now: 5000))
        // The Disk-style reads refuse it too: an expired file is gone as far as reading goes.
        #expect(throws: ShelfError.self) { try store.retrieve("k", from: .caches, as: Data.self) }
        // A folder and a file saved without one have no expiry; a missing path is not found.
        #expect(home.run(["save", "caches", "f/x"], stdin: "x").status == 0)
        #expect(try store.expiry(of: "f", in: .caches) == nil)
        #expect(try store.expiry(of: "f/x", in: .caches) == nil)
        #expect(throws: ShelfError.notFound(path: home.path("cache/shelf/none"))) { try store.expiry(of: "none", in: .caches) }
    }

    @Test(arguments: [
        ["--expires-in", "soon"], ["--expires-in", "10x"], ["--expires-at", "2025-06-30T16:00:00"], ["--expires-at", "yesterday"],
        ["--expires-in", "0"], ["--expires-in", "0s"], ["--expires-in", "-5"], ["--expires-in", "-1h"], ["--expires-at", "2001-01-01T00:00:00Z"],
        ["--expires-at", "1970-01-01"], ["--expires-in", "99999999999999999999"],
        ["--expires-in", "1h", "--expires-at", "2030-01-01"], ["--expires-in", "9223372036854775000s"], ["--no-expiry", "--expires-in", "1h"],
    ])
    func badExpiryOptionsAreUsageErrorsAndWriteNothing(_ words: [String]) {
        home.expect(["save", "caches", "a.txt"] + words, stdin: "a", status: 64, saying: "usage: shelf save")
        #expect(!home.exists("cache/shelf/a.txt"))
    }
}

/// The fallback for file systems without user extended attributes, driven directly (the end-to-end
/// version on a real such file system is in NoXattrFileSystemTests).
@Suite struct ExpiryIndexTests {
    let home = TestHome()

    func folder() throws -> FileDescriptor {
        home.save(("caches", "f/a.txt", "a"), ("caches", "f/b.txt", "b"))
        return try FileDescriptor.open(home.path("cache/shelf/f"), [.readOnly, .folder])
    }

    func status(_ name: String) -> FileStatus {
        (try? FileDescriptor.status(of: home.path("cache/shelf/f/" + name))) ?? FileStatus(mode: 0, size: 0, device: 0, inode: 0,
            accessed: FileTime(seconds: 0, nanoseconds: 0), modified: FileTime(seconds: 0, nanoseconds: 0))
    }

    @Test func entriesApplyOnlyToTheFileTheyWereWrittenForAndTheLastOneRemovesTheIndex() throws {
        let dir = try folder()
        defer { dir.close() }
        try ExpiryIndex.update(in: dir, "a.txt", to: ExpiryIndex.Entry(expires: 42, file: status("a.txt")))
        let index = try #require(try ExpiryIndex.load(in: dir))
        #expect(index.expiry(of: "a.txt", status("a.txt")) == 42)
        #expect(index.expiry(of: "b.txt", status("b.txt")) == nil)
        // Changed in place (new modification time) or replaced: the entry no longer applies.
        home.setModified("cache/shelf/f/a.txt", to: 5)
        #expect(index.expiry(of: "a.txt", status("a.txt")) == nil)
        #expect(home.read("cache/shelf/f/.shelf-expiry")?.hasPrefix("# shelf:") == true)
        // Updates drop stale entries, and the last one removes the index.
        try ExpiryIndex.update(in: dir, "a.txt", to: ExpiryIndex.Entry(expires: 1, file: status("a.txt")))
        try ExpiryIndex.update(in: dir, "b.txt", to: ExpiryIndex.Entry(expires: 2, file: status("b.txt")))
        #expect(try ExpiryIndex.load(in: dir)?.entries.count == 2)
        #expect(home.run(["remove", "caches", "f/a.txt"]).status == 0)
        try ExpiryIndex.update(in: dir, "b.txt", to: ExpiryIndex.Entry(expires: 3, file: status("b.txt")))
        #expect(try ExpiryIndex.load(in: dir)?.entries.keys.map(\.description) == ["b.txt"])
        try ExpiryIndex.update(in: dir, "b.txt", to: nil)
        #expect(try ExpiryIndex.load(in: dir) == nil)
        #expect(!home.exists("cache/shelf/f/.shelf-expiry"))
    }

    @Test func linesThatDoNotParseAreIgnored() {
        let index = ExpiryIndex(parsing: Array("# comment\n12 34 56.7 good name.txt\nbad line\n1 2 3 missing-dot\nx 1 2.3 n\n9 8 7.6 \n".utf8))
        #expect(index.entries.count == 1)
        #expect(index.entries["good name.txt"] == ExpiryIndex.Entry(expires: 12, inode: 34, modified: 56, modifiedNanoseconds: 7))
        #expect(ExpiryIndex(parsing: index.bytes).entries == index.entries)
    }

    @Test func clearExpiredAndListReadTheIndex() throws {
        let dir = try folder()
        defer { dir.close() }
        try ExpiryIndex.update(in: dir, "a.txt", to: ExpiryIndex.Entry(expires: 100, file: status("a.txt")))
        let entries = try home.store().list("f", in: .caches)
        #expect(entries.first { $0.name == "a.txt" }?.expires == 100)
        let report = try home.store().clear(.caches, options: ClearOptions(expiredOnly: true))
        #expect(report.removed == ["f/a.txt"])
        // Once the folder holds nothing else, a full clear takes the index and the folder too.
        #expect(try home.store().clear(.caches).removed == ["f/b.txt"])
        #expect(!home.exists("cache/shelf/f"))
    }
}
