import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// User paths must never reach outside their namespace folder, whatever the text. The battery's
/// "hostile paths" runs these texts (but NUL, which argv cannot carry) through every command that
/// takes a path, links planted inside the namespaces (to folders, to files, loops) through every
/// command (a namespace folder that is a link too: save, retrieve, remove, move, list and clear
/// refuse it, 77), and hostile app and group names: refused, nothing changed.
@Suite struct HostilePathTests {
    let home = TestHome()

    static let hostile: [String] = [
        "..", "../x", "a/../../b", "a/..", "./a", "a/./b", ".", "/etc/passwd", "/", "//x", "a//b",
        "a/b//", "x\0y", "\0", "line\nbreak", "tab\there", "bell\u{7}", "del\u{7F}", "",
        ".shelf-tmp-123", "a/.shelf-lock", String(repeating: "n", count: 256),
        String(repeating: "d/", count: 2100) + "f", "../../../../../../tmp/x", "..\\..", "a/../b",
    ]

    /// SafePath refuses the text, and so does the command line, which creates nothing.
    @Test(arguments: hostile)
    func hostilePathIsRejectedAsUsageAndCreatesNothing(_ path: String) throws {
        let before = home.allPaths()
        let result = home.run(["save", "--raw", "caches", "--", path], stdin: "data")
        // `..\\..` is a legal (odd) file name on Linux: the one hostile-looking entry that is stored.
        if path == "..\\.." {
            #expect(result.status == 0)
            return
        }
        #expect(throws: ShelfError.self) { try SafePath(path) }
        #expect(result.status == 64, "\(path.debugDescription): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("invalid name"))
        #expect(home.allPaths() == before)
    }

    @Test(arguments: ["a.json", "sub/dir/file.txt", "with space.txt", "ünïcødé/名前.json", "100%.txt", "-dash", "a/b/", ".hidden", "..dots", "x..y"])
    func ordinaryNamesKeepTheirExactBytes(_ path: String) throws {
        let safe = try SafePath(path)
        #expect(safe.description + (safe.namesFolder ? "/" : "") == path)
    }

    @Test func removeInsideAFolderDoesNotFollowLinks() throws {
        try home.write("keep/precious.txt", "precious")
        #expect(home.run(["save", "caches", "tree/a.txt"], stdin: "a").status == 0)
        symlink(home.path("keep"), home.path("cache/shelf/tree/link"))
        #expect(home.run(["remove", "-r", "caches", "tree"]).status == 0)
        #expect(home.read("keep/precious.txt") == "precious")
        #expect(!home.exists("cache/shelf/tree"))
    }
}
