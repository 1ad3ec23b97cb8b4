import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

@Suite struct ListTests {
    let home = TestHome()

    func save(_ directory: String, _ path: String, _ contents: String = "1", _ extra: [String] = []) {
        #expect(home.run(["save", directory] + extra + ["--", path], stdin: contents).status == 0)
    }

    @Test func namesInByteOrderWithFoldersEndingInSlash() {
        for path in ["b.txt", "A.txt", "feeds/x.json", "é.txt", "a b.txt", "-dash"] { save("documents", path) }
        let result = home.run(["list", "documents"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout == "-dash\nA.txt\na b.txt\nb.txt\nfeeds/\né.txt\n")
    }

    @Test func shelfsOwnFilesNeverAppear() throws {
        save("documents", "a.txt")
        try home.write("docs/shelf/.shelf-tmp-123", "partial")
        try home.write("docs/shelf/.shelf-expiry", "# index")
        #expect(mkdir(home.path("docs/shelf/.shelf-tmp-folder"), 0o700) == 0)
        try home.write("docs/shelf/.hidden", "h")
        #expect(home.run(["list", "documents"]).stdout == ".hidden\na.txt\n")
        #expect(home.run(["list", "-lR", "documents"]).stdout.split(separator: "\n").count == 2)
        #expect(!home.run(["list", "--json", "-R", "documents"]).stdout.contains(".shelf-"))
    }

    @Test func recursiveListsPathsFromTheListedFolder() {
        for path in ["top.txt", "notes/a.txt", "notes/sub/b.txt", "notes/sub/deeper/c.txt", "z/y.txt"] { save("documents", path) }
        #expect(home.run(["list", "-R", "documents"]).stdout
            == "notes/\nnotes/a.txt\nnotes/sub/\nnotes/sub/b.txt\nnotes/sub/deeper/\nnotes/sub/deeper/c.txt\ntop.txt\nz/\nz/y.txt\n")
        #expect(home.run(["list", "documents", "notes"]).stdout == "a.txt\nsub/\n")
        #expect(home.run(["list", "--recursive", "documents", "notes/sub/"]).stdout == "b.txt\ndeeper/\ndeeper/c.txt\n")
    }

    /// The tag shelf keeps at the top of caches is not what the user stored: left out unless --all;
    /// a user's CACHEDIR.TAG in a folder, or in another directory, is listed like any file.
    @Test func theCacheTagAppearsOnlyWithAll() throws {
        save("caches", "a.txt")
        save("caches", "sub/CACHEDIR.TAG")
        save("documents", "CACHEDIR.TAG")
        #expect(home.run(["list", "caches"]).stdout == "a.txt\nsub/\n")
        #expect(home.run(["list", "-R", "caches"]).stdout == "a.txt\nsub/\nsub/CACHEDIR.TAG\n")
        #expect(home.run(["list", "--all", "caches"]).stdout == "CACHEDIR.TAG\na.txt\nsub/\n")
        #expect(home.run(["list", "-a", "-0", "caches"]).stdout == "CACHEDIR.TAG\0a.txt\0sub/\0")
        #expect(!home.run(["list", "--json", "caches"]).stdout.contains("CACHEDIR"))
        #expect(home.run(["list", "documents"]).stdout == "CACHEDIR.TAG\n")
    }

    /// A user file there would be hidden and kept by clear: refused before anything is written (a
    /// save of it: ExitStatusTests).
    @Test func theCacheTagCannotBeOverwritten() throws {
        save("caches", "a.txt")
        let tag = home.read("cache/shelf/CACHEDIR.TAG")
        #expect(home.run(["copy", "caches", "a.txt", "caches", "CACHEDIR.TAG", "--force"]).status == 64)
        #expect(home.read("cache/shelf/CACHEDIR.TAG") == tag)
    }

    @Test func longGivesSizeTimeExpiryBackupAndName() {
        save("caches", "a.json", "[1, 2]")
        save("caches", "t.txt", "tok", ["--expires-at", "2031-05-06T07:08:09Z"])
        save("caches", "f/x.txt")
        home.setModified("cache/shelf/a.json", to: 1_751_299_200, nanoseconds: 5)
        home.setModified("cache/shelf/t.txt", to: 0)
        home.setModified("cache/shelf/f", to: 86_400)
        #expect(home.run(["do-not-backup", "caches", "f"]).status == 0)
        let lines = home.run(["list", "-l", "--all", "caches"]).stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasSuffix("\t-\tbackup\tCACHEDIR.TAG"))
        #expect(lines[1] == "6\t2025-06-30T16:00:00Z\t-\tbackup\ta.json")
        #expect(lines[2] == "-\t1970-01-02T00:00:00Z\t-\tno-backup\tf/")
        #expect(lines[3] == "3\t1970-01-01T00:00:00Z\t2031-05-06T07:08:09Z\tbackup\tt.txt")
    }

    @Test func jsonIsOneArrayOfObjectsWithEveryKey() throws {
        save("documents", "q\"uote.txt", "abc", ["--expires-at", "2030-01-01T00:00:00Z"])
        save("documents", "sub/x.txt")
        home.setModified("docs/shelf/q\"uote.txt", to: 1_000_000_000, nanoseconds: 123)
        let result = home.expect(["list", "--json", "documents"], status: 0)
        #expect(result.stdout.hasSuffix("]\n") && result.stdout.split(separator: "\n").count == 1)
        #expect(result.stdout.hasPrefix(
            #"[{"name":"q\"uote.txt","isFolder":false,"size":3,"modified":1000000000,"modifiedAt":"2001-09-09T01:46:40Z","modifiedNanoseconds":123,"#
            + #""expires":1893456000,"expiresAt":"2030-01-01T00:00:00Z","expired":false,"excludedFromBackup":false},{"name":"sub/","isFolder":true,"size":0,"#))
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 2)
        #expect(parsed?[1]["expires"] is NSNull)
        #expect(Set(parsed?[1].keys.map { $0 } ?? []) == ["name", "isFolder", "size", "modified", "modifiedAt", "modifiedNanoseconds", "expires", "expiresAt", "expired", "excludedFromBackup"])
        #expect(home.run(["list", "--json", "temporary"]).stdout == "[]\n")
    }

    @Test func libraryListMatchesTheCommandLine() throws {
        save("applicationSupport", "a/b.txt", "bb", ["--expires-at", "2040-01-01T00:00:00Z"])
        save("applicationSupport", "c.txt")
        let store = try home.store()
        let entries = try store.list(in: .applicationSupport, recursive: true)
        #expect(entries.map(\.name) == ["a/", "a/b.txt", "c.txt"])
        #expect(entries[1].size == 2 && entries[1].expires == 2_208_988_800 && !entries[1].isFolder && entries[0].isFolder)
        #expect(try store.listNames(in: .applicationSupport, recursive: true) == entries.map(\.name))
        #expect(try store.list("a", in: .applicationSupport).map(\.name) == ["b.txt"])
        #expect(try store.list(in: .temporary).isEmpty)
    }

    @Test func namingAFileListsJustIt() {
        save("documents", "notes/todo.txt", "todo")
        #expect(home.run(["list", "documents", "notes/todo.txt"]).stdout == "todo.txt\n")
        #expect(home.run(["list", "-l", "documents", "notes/todo.txt"]).stdout.hasPrefix("4\t"))
    }

    @Test func linksAreListedNotFollowed() throws {
        try home.write("outside/secret.txt", "s")
        save("documents", "a.txt")
        #expect(symlink(home.path("outside"), home.path("docs/shelf/link")) == 0)
        #expect(home.run(["list", "-R", "documents"]).stdout == "a.txt\nlink\n")
        let long = home.run(["list", "-l", "documents"]).stdout
        #expect(long.contains("\t-\tbackup\tlink\n") && !long.contains("secret"))
        let refused = home.run(["list", "documents", "link"])
        #expect(refused.status == 77 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("symbolic link"))
    }

    @Test func aMissingFolderIsExit66() {
        save("documents", "a.txt")
        let result = home.run(["list", "documents", "nothing"])
        #expect(result.status == 66 && result.stdout.isEmpty)
        #expect(result.stderr.contains(home.path("docs/shelf/nothing")))
        #expect(home.run(["list", "documents", "nothing/deeper"]).status == 66)
    }
}
