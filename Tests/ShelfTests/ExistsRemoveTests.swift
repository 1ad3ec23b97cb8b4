import Testing
@testable import Shelf
@testable import ShelfCore

/// The library's exists, isFolder and remove: LibraryHelpersTests.existsRemoveAndIsFolderWorkOnStoredPaths;
/// exists' silent answers (0 there, folders too; 1 missing): SeveralPathsTests.
@Suite struct ExistsRemoveTests {
    let home = TestHome()

    @Test func existsCreatesNothing() {
        let result = home.run(["exists", "caches", "a/b/c"])
        #expect(result.status == 1 && result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(home.allPaths() == ["run"])
    }

    @Test func removeDeletesAFile() {
        #expect(home.run(["save", "caches", "feeds/today.json"], stdin: "[]").status == 0)
        let result = home.run(["remove", "caches", "feeds/today.json"])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(home.run(["exists", "caches", "feeds/today.json"]).status == 1)
        #expect(home.run(["exists", "caches", "feeds"]).status == 0)
    }

    @Test func removeDeletesAFolderRecursively() {
        for name in ["t/a", "t/b/c", "t/b/d/e"] { #expect(home.run(["save", "caches", name], stdin: "x").status == 0) }
        #expect(home.run(["remove", "-r", "caches", "t/"]).status == 0)
        #expect(home.run(["exists", "caches", "t"]).status == 1)
        #expect(home.exists("cache/shelf/CACHEDIR.TAG"))
    }

    @Test func removeOfMissingIsNotFoundUnlessForced() {
        home.expect(["remove", "caches", "nothing"], status: 66, saying: home.path("cache/shelf/nothing"))
        #expect(home.run(["remove", "--force", "caches", "nothing"]).status == 0)
        #expect(home.run(["remove", "-f", "caches", "a/b/nothing"]).status == 0)
    }

}
