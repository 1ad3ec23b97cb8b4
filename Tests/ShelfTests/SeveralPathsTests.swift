import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// `remove a b c` and `exists a b` take several paths, as rm and test do; `exists` tells an
/// expired file (3) from a missing one (1); `--expires-in` takes bare seconds and refuses the past.
@Suite struct SeveralPathsTests {
    let home = TestHome()

    func save(_ paths: String...) {
        for path in paths { #expect(home.run(["save", "caches", path], stdin: path).status == 0) }
    }

    @Test func removeRemovesEveryPathGiven() {
        save("a", "b/c", "d")
        let result = home.run(["remove", "-r", "caches", "a", "b", "d"])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(home.allPaths() == ["cache", "cache/shelf", "cache/shelf/CACHEDIR.TAG", "run"])
    }

    /// As rm: each failure on standard error, the others still removed, the first failure's status.
    @Test func removeReportsEachFailureAndRemovesTheRest() throws {
        save("a", "c")
        try home.write("outside/x", "x")
        #expect(symlink(home.path("outside"), home.path("cache/shelf/link")) == 0)
        #expect(mkdir(home.path("cache/shelf/sub"), 0o700) == 0)
        #expect(symlink(home.path("outside/x"), home.path("cache/shelf/sub/l")) == 0)
        let result = home.expect(["remove", "caches", "missing", "a", "link/x", "c", "gone"], status: 66)
        #expect(result.stderr.components(separatedBy: "no such file or folder").count == 3, "\(result.stderr)")
        #expect(result.stderr.contains("cache/shelf/link"), "the link on the way is named")
        #expect(!home.exists("cache/shelf/a") && !home.exists("cache/shelf/c"))
        #expect(home.read("outside/x") == "x")
        home.expect(["remove", "caches", "link/x", "missing"], status: 77, saying: "no such file or folder")
    }

    /// Issue 22 item 13: one document for the run, not one line per path.
    @Test func forceIgnoresMissingPathsAndJSONGivesOneObjectForAllPaths() throws {
        save("a", "b")
        #expect(home.run(["remove", "-f", "caches", "x", "a", "y"]).status == 0)
        let json = home.expect(["remove", "--json", "--force", "caches", "b", "nothing"], status: 0)
        #expect(json.stdout == #"{"directory":"caches","paths":[{"name":"b","path":"\#(home.path("cache/shelf/b"))","removed":true},"#
            + #"{"name":"nothing","path":"\#(home.path("cache/shelf/nothing"))","removed":false}],"failed":[]}"# + "\n")
    }

    /// Every path is checked before anything is removed: one unsafe path removes nothing.
    @Test func anUnsafePathAmongSeveralRemovesNothing() {
        save("a", "b")
        // CACHEDIR.TAG at the top of caches is shelf's cache tag, refused as an unsafe name is.
        for bad in ["../a", "/etc/passwd", ".shelf-tmp-x", "a//b", "CACHEDIR.TAG"] {
            home.expect(["remove", "caches", "a", bad, "b"], status: 64)
            #expect(home.exists("cache/shelf/a") && home.exists("cache/shelf/b"), "\(bad)")
        }
        #expect(home.run(["remove", "caches"]).status == 64)
    }

    /// 0 only if every path is there (a folder too); 3 when every path is there but one has
    /// expired; a missing one wins (1).
    @Test func existsTellsThereFromExpiredFromMissing() throws {
        save("fresh", "f/b")
        try home.saveExpiring(.caches, "old", "o", at: 1_000_000_000)
        try home.saveExpiring(.caches, "later", "l", at: 4_000_000_000)
        for (words, status) in [(["fresh", "f/b", "f"], 0), (["fresh", "missing", "f/b"], 1), (["missing", "fresh"], 1),
                                (["old"], 3), (["fresh", "old"], 3), (["old", "missing"], 1), (["missing", "old"], 1),
                                (["later", "fresh"], 0), (["old", "--allow-expired"], 0), (["old", "missing", "--allow-expired"], 1)] {
            let result = home.run(["exists", "caches"] + words)
            #expect(result.status == Int32(status), "\(words)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(words)")
        }
        // A folder has no expiry: there.
        try home.saveExpiring(.caches, "dir/x", "x", at: 1_000_000_000)
        #expect(home.run(["exists", "caches", "dir"]).status == 0)
        let bad = home.run(["exists", "caches", "fresh", "../x"])
        #expect(bad.status == 64 && bad.stdout.isEmpty)
        #expect(home.run(["exists", "caches"]).status == 64)
    }

    /// OAuth's expires_in: a bare number is seconds; the old unit suffixes keep working.
    @Test func expiresInTakesBareSeconds() throws {
        let before = Int64(time(nil))
        #expect(home.run(["save", "caches", "token", "--expires-in", "3600"], stdin: "t").status == 0)
        #expect(home.run(["save", "caches", "day", "--expires-in", "1d"], stdin: "d").status == 0)
        let after = Int64(time(nil))
        let token = try #require(try home.store().expiry(of: "token", in: .caches))
        let day = try #require(try home.store().expiry(of: "day", in: .caches))
        #expect((before + 3600...after + 3600).contains(token))
        #expect((before + 86_400...after + 86_400).contains(day))
        #expect(home.run(["exists", "caches", "token", "day"]).status == 0)
    }

    /// A time already past is refused before anything is read or written, the old file kept.
    @Test func aPastExpiryIsRefused() {
        save("token")
        for words in [["--expires-in", "0"], ["--expires-at", "2001-01-01T00:00:00Z"], ["--expires-at", "2000-01-01"]] {
            home.expect(["save", "caches", "token"] + words, stdin: "new", status: 64, saying: "not in the future")
        }
        #expect(home.read("cache/shelf/token") == "token")
    }
}
