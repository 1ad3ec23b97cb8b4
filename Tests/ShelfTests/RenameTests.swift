import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

@Suite struct RenameTests {
    let home = TestHome()

    @Test(arguments: ["with space.txt", "100%20.txt", "ünïcødé/名前.json", "-dash", "a%b c/d e"])
    func namesKeepTheirExactBytes(_ newName: String) {
        #expect(home.run(["save", "documents", "draft.txt"], stdin: "text").status == 0)
        let result = home.run(["rename", "documents", "draft.txt", "--", newName])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(home.read("docs/shelf/" + newName) == "text")
        #expect(!home.exists("docs/shelf/draft.txt"))
        // No %20 or other rewriting anywhere.
        #expect(home.allPaths().contains("docs/shelf/" + newName))
    }

    @Test func renameIntoNewFolders() {
        #expect(home.run(["save", "caches", "feeds/today.json"], stdin: "[]").status == 0)
        let result = home.run(["rename", "--print-path", "caches", "feeds/today.json", "feeds/archive/2024/05-01.json"])
        #expect(result.stdout == home.path("cache/shelf/feeds/archive/2024/05-01.json") + "\n")
        #expect(home.read("cache/shelf/feeds/archive/2024/05-01.json") == "[]")
    }

    @Test func renameAFolder() {
        #expect(home.run(["save", "caches", "old/a.txt"], stdin: "a").status == 0)
        #expect(home.run(["rename", "caches", "old", "new"]).status == 0)
        #expect(home.read("cache/shelf/new/a.txt") == "a" && !home.exists("cache/shelf/old"))
        #expect(home.run(["is-folder", "caches", "new"]).status == 0)
    }

    @Test func existingTargetIsExit73UnlessForced() {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "a").status == 0)
        #expect(home.run(["save", "caches", "b.txt"], stdin: "b").status == 0)
        let refused = home.run(["rename", "caches", "a.txt", "b.txt"])
        #expect(refused.status == 73 && refused.stderr.contains("already exists"))
        #expect(home.read("cache/shelf/b.txt") == "b")
        #expect(home.run(["rename", "--force", "caches", "a.txt", "b.txt"]).status == 0)
        #expect(home.read("cache/shelf/b.txt") == "a" && !home.exists("cache/shelf/a.txt"))
    }

    @Test func anEmptyFolderTargetIsNotSilentlyReplaced() {
        // rename(2) alone would replace an empty folder: shelf must not.
        #expect(home.run(["save", "caches", "src/a.txt"], stdin: "a").status == 0)
        mkdir(home.path("cache/shelf/dst"), 0o700)
        #expect(home.run(["rename", "caches", "src", "dst"]).status == 73)
        #expect(home.read("cache/shelf/src/a.txt") == "a")
    }

    @Test func ontoItselfAndIntoItselfAreRefused() {
        #expect(home.run(["save", "caches", "a/f.txt"], stdin: "f").status == 0)
        let same = home.run(["rename", "caches", "a", "a/"])
        #expect(same.status == 64 && same.stderr.contains("it is the source itself"))
        let inside = home.run(["rename", "--force", "caches", "a", "a/b/c"])
        #expect(inside.status == 64 && inside.stderr.contains("inside itself"))
        #expect(!home.exists("cache/shelf/a/b"))
        #expect(home.read("cache/shelf/a/f.txt") == "f")
    }

    @Test func aRenameOntoAnotherHardLinkOfTheFileTakesTheSourceNameAway() {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "a").status == 0)
        link(home.path("cache/shelf/a.txt"), home.path("cache/shelf/b.txt"))
        // rename(2) would do nothing and report success; shelf, like mv, removes the source name:
        // two links are also what a cut rename leaves where rename flags are missing (issue 21).
        let result = home.run(["rename", "-f", "caches", "a.txt", "b.txt"])
        #expect(result.status == 0)
        #expect(!home.exists("cache/shelf/a.txt"))
        #expect(home.read("cache/shelf/b.txt") == "a")
    }

    @Test func missingSourceAndUnsafeNamesFail() {
        #expect(home.run(["rename", "caches", "none", "other"]).status == 66)
        #expect(home.run(["save", "caches", "a.txt"], stdin: "a").status == 0)
        #expect(home.run(["rename", "caches", "a.txt", "../escape.txt"]).status == 64)
        #expect(home.run(["rename", "caches", "a.txt", ".shelf-tmp-x"]).status == 64)
        #expect(!home.exists("escape.txt"))
        #expect(home.read("cache/shelf/a.txt") == "a")
    }

    @Test func theLibraryRenames() throws {
        let store = try home.store()
        var source = BytesSource(Array("x".utf8))
        try store.save(from: &source, to: "a b.txt", in: .documents)
        #expect(try store.rename("a b.txt", in: .documents, to: "c d.txt") == home.path("docs/shelf/c d.txt"))
        #expect(try store.exists("c d.txt", in: .documents))
    }
}
