import Testing
@testable import Shelf
@testable import ShelfCore

/// `remove` follows rm: a folder that holds anything needs -r; an empty one goes as with rm -d.
/// The Swift library keeps Disk's semantics, any folder goes, and its exists and isFolder
/// (LibraryHelpersTests.existsRemoveAndIsFolderWorkOnStoredPaths); exists' silent answers (0 there,
/// folders too; 1 missing): SeveralPathsTests.
@Suite struct RemoveRecursiveTests {
    let home = TestHome()

    @Test func removeDeletesAFileAndLeavesItsFolderThenFindsNothing() {
        #expect(home.run(["save", "caches", "feeds/today.json"], stdin: "[]").status == 0)
        let result = home.run(["remove", "caches", "feeds/today.json"])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(home.run(["exists", "caches", "feeds/today.json"]).status == 1)
        #expect(home.run(["exists", "caches", "feeds"]).status == 0)
        // Gone: not found, naming the path (with --force no failure: SeveralPathsTests.forceIgnoresMissingPaths….)
        home.expect(["remove", "caches", "feeds/today.json"], status: 66, saying: home.path("cache/shelf/feeds/today.json"))
    }

    /// Among several paths each is judged: the files beside the folder go, and the refusal names it.
    /// (Deeper trees, several at once, the cache tag staying: SeveralPathsTests.removeRemovesEveryPathGiven.)
    @Test func aFolderThatHoldsFilesNeedsRecursive() {
        for name in ["a.txt", "t/a", "b.txt"] { #expect(home.run(["save", "caches", name], stdin: "x").status == 0) }
        home.expect(["remove", "caches", "a.txt", "t", "b.txt"], status: 64,
                    saying: home.path("cache/shelf/t"), "not empty", "-r (--recursive)")
        #expect(!home.exists("cache/shelf/a.txt") && !home.exists("cache/shelf/b.txt"))
        #expect(home.read("cache/shelf/t/a") == "x")
        #expect(home.run(["remove", "-r", "caches", "t/"]).status == 0)
        #expect(!home.exists("cache/shelf/t"))
    }

    @Test func anEmptyFolderGoesWithoutRecursiveButNotOneHoldingAFolder() throws {
        #expect(home.run(["save", "caches", "e/inner/f"], stdin: "x").status == 0)
        #expect(home.run(["remove", "caches", "e/inner/f"]).status == 0)
        #expect(home.run(["remove", "caches", "e"]).status == 64, "an empty sub-folder is something")
        #expect(home.run(["remove", "caches", "e/inner"]).status == 0)
        #expect(home.run(["remove", "caches", "e"]).status == 0)
        #expect(!home.exists("cache/shelf/e"))
    }

    @Test func theDryRunListsWhatWouldGoAndRemovesNothing() {
        for name in ["d/x", "d/s/y", "f.txt"] { #expect(home.run(["save", "caches", name], stdin: "x").status == 0) }
        let dry = home.run(["remove", "-r", "--dry-run", "caches", "f.txt", "d"])
        #expect(dry.status == 0 && dry.stdout == "f.txt\nd/s/y\nd/x\nd/\n", "\(dry.stdout) \(dry.stderr)")
        #expect(home.read("cache/shelf/d/s/y") == "x" && home.read("cache/shelf/f.txt") == "x")
        #expect(home.run(["remove", "--dry-run", "caches", "d"]).status == 64)
        #expect(home.run(["remove", "--dry-run", "caches", "missing"]).status == 66)
        #expect(home.run(["remove", "--dry-run", "-f", "caches", "missing"]).status == 0)
        let json = home.run(["remove", "--dry-run", "--json", "caches", "f.txt"])
        #expect(json.stdout == "{\"directory\":\"caches\",\"dryRun\":true,\"removedPaths\":[{\"name\":\"f.txt\",\"path\":\"\(home.path("cache/shelf/f.txt"))\"}]}\n", "\(json.stdout)")
    }
}
