import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// User paths must never reach outside their namespace folder, whatever the text.
@Suite struct HostilePathTests {
    let home = TestHome()

    static let hostile: [String] = [
        "..", "../x", "a/../../b", "a/..", "./a", "a/./b", ".", "/etc/passwd", "/", "//x", "a//b",
        "a/b//", "x\0y", "\0", "line\nbreak", "tab\there", "bell\u{7}", "del\u{7F}", "",
        ".shelf-tmp-123", "a/.shelf-lock", String(repeating: "n", count: 256),
        String(repeating: "d/", count: 2100) + "f", "../../../../../../tmp/x", "..\\..", "a/../b",
    ]

    @Test(arguments: hostile)
    func hostilePathIsRejectedAsUsageAndCreatesNothing(_ path: String) throws {
        let before = home.allPaths()
        let result = home.run(["save", "--raw", "caches", "--", path], stdin: "data")
        // `..\\..` is a legal (odd) file name on Linux: the one hostile-looking entry that is stored.
        if path == "..\\.." {
            #expect(result.status == 0)
            return
        }
        #expect(result.status == 64, "\(path.debugDescription): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("invalid name"))
        #expect(home.allPaths() == before)
    }

    @Test(arguments: hostile.filter { $0 != "..\\.." })
    func safePathRejectsTheSameTexts(_ path: String) {
        #expect(throws: ShelfError.self) { try SafePath(path) }
    }

    @Test(arguments: ["a.json", "sub/dir/file.txt", "with space.txt", "ünïcødé/名前.json", "100%.txt", "-dash", "a/b/", ".hidden", "..dots", "x..y"])
    func ordinaryNamesKeepTheirExactBytes(_ path: String) throws {
        let safe = try SafePath(path)
        #expect(safe.description + (safe.namesFolder ? "/" : "") == path)
    }

    @Test func symlinkFolderInsideNamespaceIsNotFollowed() throws {
        #expect(home.run(["save", "caches", "x.txt"], stdin: "x").status == 0)
        let outside = home.path("outside")
        mkdir(outside, 0o700)
        symlink(outside, home.path("cache/shelf/link"))
        home.expect(["save", "caches", "link/evil.txt"], stdin: "evil", status: 77, saying: "symbolic link")
        #expect(!home.exists("outside/evil.txt"))
        #expect(home.run(["retrieve", "caches", "link/evil.txt"]).status == 77)
    }

    @Test func symlinkFileIsNeitherReadNorReplaced() throws {
        try home.write("secret", "top secret")
        #expect(home.run(["save", "caches", "x.txt"], stdin: "x").status == 0)
        symlink(home.path("secret"), home.path("cache/shelf/leak.txt"))
        let read = home.expect(["retrieve", "caches", "leak.txt"], status: 77)
        #expect(read.stdout.isEmpty)
        #expect(home.run(["save", "caches", "leak.txt"], stdin: "overwrite").status == 77)
        #expect(home.read("secret") == "top secret")
    }

    @Test func removeInsideAFolderDoesNotFollowLinks() throws {
        try home.write("keep/precious.txt", "precious")
        #expect(home.run(["save", "caches", "tree/a.txt"], stdin: "a").status == 0)
        symlink(home.path("keep"), home.path("cache/shelf/tree/link"))
        #expect(home.run(["remove", "-r", "caches", "tree"]).status == 0)
        #expect(home.read("keep/precious.txt") == "precious")
        #expect(!home.exists("cache/shelf/tree"))
    }

    /// A namespace folder that is a link is refused by a writer and by clear, which never follow it.
    @Test(arguments: [["save", "caches", "a.txt"], ["clear", "caches"]])
    func namespaceFolderThatIsASymlinkIsRefused(_ words: [String]) throws {
        try home.write("elsewhere/x.txt", "x")
        mkdir(home.path("cache"), 0o700)
        symlink(home.path("elsewhere"), home.path("cache/shelf"))
        home.expect(words, stdin: "a", status: 77, saying: home.path("cache/shelf"))
        #expect(home.allPaths().filter { $0.hasPrefix("elsewhere/") } == ["elsewhere/x.txt"] && home.read("elsewhere/x.txt") == "x")
    }

    /// App names and group names that are not one folder name, or no known directory at all.
    @Test(arguments: ["../x", "a/b", "", "."].map { ["--app", $0, "save", "caches", "a.txt"] }
              + ["sharedContainer:../x", "sharedContainer:a/b", "sharedContainer:", "shared-container:.."].map { ["save", $0, "a.txt"] })
    func hostileAppAndGroupNamesAreUsageErrors(_ words: [String]) {
        let before = home.allPaths()
        #expect(home.run(words, stdin: "a").status == 64, "\(words)")
        #expect(home.allPaths() == before)
    }
}
