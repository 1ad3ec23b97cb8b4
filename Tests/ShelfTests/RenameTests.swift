import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

@Suite struct RenameTests {
    let home = TestHome()

    @Test(arguments: ["with space.txt", "100%20.txt", "ünïcødé/名前.json", "-dash", "a%b c/d e"])
    func namesKeepTheirExactBytes(_ newName: String) {
        #expect(home.run(["save", "documents", "draft.txt"], stdin: "text").status == 0)
        home.expect(["rename", "documents", "draft.txt", "--", newName], status: 0)
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

    @Test func aFolderIsRenamedButNeverOntoAnEmptyFolder() {
        // rename(2) alone would replace an empty folder: shelf must not.
        #expect(home.run(["save", "caches", "src/a.txt"], stdin: "a").status == 0)
        mkdir(home.path("cache/shelf/dst"), 0o700)
        #expect(home.run(["rename", "caches", "src", "dst"]).status == 73)
        #expect(home.read("cache/shelf/src/a.txt") == "a")
        #expect(home.run(["rename", "caches", "src", "new"]).status == 0)
        #expect(home.read("cache/shelf/new/a.txt") == "a" && !home.exists("cache/shelf/src"))
        #expect(home.run(["is-folder", "caches", "new"]).status == 0)
    }

    @Test func aRenameOntoAnotherHardLinkOfTheFileTakesTheSourceNameAway() {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "a").status == 0)
        link(home.path("cache/shelf/a.txt"), home.path("cache/shelf/b.txt"))
        // rename(2) would do nothing and report success; shelf, like mv, removes the source name:
        // two links are also what a cut rename leaves where rename flags are missing (issue 21).
        home.expect(["rename", "-f", "caches", "a.txt", "b.txt"], status: 0)
        #expect(!home.exists("cache/shelf/a.txt"))
        #expect(home.read("cache/shelf/b.txt") == "a")
    }

    @Test func theLibraryRenames() throws {
        let store = try home.store()
        home.save(("documents", "a b.txt", "x"))
        #expect(try store.rename("a b.txt", in: .documents, to: "c d.txt") == home.path("docs/shelf/c d.txt"))
        #expect(try store.exists("c d.txt", in: .documents))
    }
}
