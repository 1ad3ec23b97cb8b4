import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// `clear --keep-newest N` (per folder) and `clear <directory> <folder>` (one folder's tree).
@Suite struct ClearKeepNewestTests {
    let home = TestHome()

    /// Saves `path` in caches with a modification time of `day` days after 1970.
    func save(_ path: String, day: Int64, _ contents: String = "12345") {
        #expect(home.run(["save", "caches", path], stdin: contents).status == 0)
        home.setModified("cache/shelf/" + path, to: day * 86_400)
    }

    func files(_ folder: String = "") -> [String] {
        home.allPaths().filter { $0.hasPrefix("cache/shelf/" + folder) && !$0.hasSuffix("CACHEDIR.TAG") }
            .filter { var st = stat(); return lstat(home.path($0), &st) == 0 && (st.st_mode & S_IFMT) != S_IFDIR }
            .map { String($0.dropFirst("cache/shelf/".count)) }
    }

    @Test func eachFolderKeepsItsNewestFiles() {
        for day in Int64(1)...5 { save("feeds/f\(day)", day: day) }
        save("feeds/sub/a", day: 1)
        save("feeds/sub/b", day: 2)
        save("feeds/sub/c", day: 3)
        save("top", day: 1)
        let result = home.run(["clear", "caches", "--keep-newest", "2"])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(files() == ["feeds/f4", "feeds/f5", "feeds/sub/b", "feeds/sub/c", "top"])
    }

    /// Equal times: the later name in byte order counts as newer; nanoseconds count.
    @Test func tiesGoByNameAndNanosecondsCount() {
        for name in ["b", "a", "c"] { save("t/\(name)", day: 7) }
        save("n/early", day: 7)
        save("n/late", day: 7)
        home.setModified("cache/shelf/n/early", to: 7 * 86_400, nanoseconds: 2)
        home.setModified("cache/shelf/n/late", to: 7 * 86_400, nanoseconds: 1)
        #expect(home.run(["clear", "caches", "--keep-newest", "1", "--dry-run"]).stdout == "n/late\nt/a\nt/b\n")
        #expect(home.run(["clear", "caches", "--keep-newest", "1"]).status == 0)
        #expect(files() == ["n/early", "t/c"])
    }

    /// The newest stay whatever --older-than says; the others go only when old.
    @Test func keptFilesSurviveOtherLimits() {
        for day in Int64(1)...4 { save("f/old\(day)", day: day) }
        save("f/new", day: 30_000)
        save("g/only-old", day: 1)
        let result = home.run(["clear", "caches", "--older-than", "1d", "--keep-newest", "2", "--json", "--verbose"]).expect(status: 0)
        #expect(result.stdout.contains(#""removed":3"#))
        #expect(result.stdout.contains(#"{"name":"f/old1","path":"\#(home.path("cache/shelf/f/old1"))"},"#
            + #"{"name":"f/old2","path":"\#(home.path("cache/shelf/f/old2"))"},{"name":"f/old3","path":"\#(home.path("cache/shelf/f/old3"))"}"#))
        #expect(files() == ["f/new", "f/old4", "g/only-old"])
        // Nothing old beyond the newest: nothing goes.
        save("h/recent1", day: 30_000)
        save("h/recent2", day: 30_001)
        save("h/recent3", day: 30_002)
        #expect(home.run(["clear", "caches", "h", "--older-than", "1d", "--keep-newest", "1"]).status == 0)
        #expect(files("h") == ["h/recent1", "h/recent2", "h/recent3"])
    }

    /// Kept files take room (they count toward --max-size) but are never chosen.
    @Test func keptFilesCountTowardMaxSizeButStay() {
        for day in Int64(1)...4 { save("f/\(day)", day: day, "1234567890") }
        #expect(home.run(["clear", "caches", "--max-size", "25", "--keep-newest", "2", "--dry-run"]).stdout == "f/1\nf/2\n")
        #expect(home.run(["clear", "caches", "--max-size", "5", "--keep-newest", "3"]).status == 0)
        #expect(files() == ["f/2", "f/3", "f/4"])
        #expect(home.run(["clear", "caches", "--keep-newest", "0"]).status == 0)
        #expect(files().isEmpty)
    }

    /// A folder that is missing is clear; one that is unsafe is a usage error. (A folder that is a
    /// file, 73, or a link, 77: ExitStatusTests' clear cases; counts that are not counts:
    /// ClearTests.badOptionsAreUsageErrorsAndRemoveNothing.)
    @Test func clearOfAFolderTouchesOnlyItsTree() throws {
        save("feeds/a", day: 1)
        save("feeds/deep/b", day: 1)
        save("feeds/CACHEDIR.TAG", day: 1)
        save("feedsx", day: 1)
        save("other/c", day: 1)
        let missing = home.run(["clear", "caches", "nothing/here", "--json"])
        #expect(missing.status == 0 && missing.stdout.contains(#""removed":0"#))
        for bad in ["..", "../outside", "/etc", "a/../..", ".shelf-tmp-x"] {
            #expect(home.run(["clear", "caches", bad]).status == 64, "\(bad)")
        }
        #expect(files() == ["feeds/a", "feeds/deep/b", "feedsx", "other/c"] && home.exists("cache/shelf/feeds/CACHEDIR.TAG"))
        let result = home.run(["clear", "caches", "feeds", "--verbose"]).expect(status: 0)
        #expect(result.stdout == "feeds/CACHEDIR.TAG\nfeeds/a\nfeeds/deep/b\n")
        #expect(files() == ["feedsx", "other/c"])
        #expect(home.exists("cache/shelf/feeds"), "the named folder itself stays")
        #expect(home.exists("cache/shelf/CACHEDIR.TAG"))
        save("feeds/sub/old", day: 1)
        save("feeds/sub/new", day: 30_000)
        #expect(home.run(["clear", "caches", "feeds/sub/", "--older-than", "2d"]).status == 0)
        #expect(files("feeds/") == ["feeds/sub/new"])
        #expect(try home.store().clear(.caches, folder: "other", options: ClearOptions(keepNewest: 1)).removed.isEmpty)
    }

    /// A file whose append holds its lock is skipped, never torn, and still counts among the newest
    /// (a lock held is a state, not a timing).
    @Test func aLockedFileIsSkippedAndTheNewestStay() throws {
        for day in Int64(1)...3 { save("f/\(day)", day: day) }
        let held = open(home.path("cache/shelf/f/1"), O_RDONLY)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        let result = home.run(["clear", "caches", "--keep-newest", "1", "--json"])
        #expect(result.status == 0 && result.stdout.contains(#""removed":1"#) && result.stdout.contains(#""skipped":1"#))
        #expect(files() == ["f/1", "f/3"])
    }
}
