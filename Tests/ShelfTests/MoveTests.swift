import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// (Unsafe source paths: the battery's "hostile paths" runs 29 texts through every command that takes a path; wrong
/// words: UsageTests' table; --print-path: MoveNewNameTests; into its own directory: TransferCommonTests.)
@Suite struct MoveTests {
    let home = TestHome()

    @Test func moveOfAFolderTakesEverythingInside() {
        for name in ["feeds/a.json", "feeds/sub/b.json"] {
            #expect(home.run(["save", "caches", name], stdin: "[]").status == 0)
        }
        #expect(home.run(["move", "caches", "feeds", "applicationSupport"]).status == 0)
        #expect(home.read("data/shelf/feeds/a.json") == "[]")
        #expect(home.read("data/shelf/feeds/sub/b.json") == "[]")
        #expect(!home.exists("cache/shelf/feeds"))
    }

    /// Directories whose namespaces overlap are refused before anything moves: documents at the
    /// caches base (every app's two directories one folder); caches inside documents' namespace
    /// (that namespace would contain every app's caches); documents a link to the caches base (the
    /// text differs and is no base of another: caught by identity).
    @Test(arguments: [
        (["caches", "a.txt", "cache/shelf/a.txt"], ["move", "caches", "a.txt", "documents"], ["XDG_DOCUMENTS_DIR", "cache"], 77, "name the same folder"),
        (["documents", "a/f.txt", "docs/shelf/a/f.txt"], ["move", "documents", "a", "caches"], ["XDG_CACHE_HOME", "docs/shelf/a/c"], 64,
         "would be or contain the caches folder of every app"),
        (["caches", "a.txt", "cache/shelf/a.txt"], ["move", "caches", "a.txt", "documents"], ["XDG_DOCUMENTS_DIR", "docs-link"], 77,
         "namespaces never overlap"),
    ] as [([String], [String], [String], Int32, String)])
    func directoriesWhoseNamespacesOverlapAreRefusedBeforeAnyMove(_ saved: [String], _ words: [String], _ variable: [String], _ status: Int32,
                                                                  _ message: String) {
        home.save((saved[0], saved[1], "a"))
        symlink(home.path("cache"), home.path("docs-link"))
        home.expect(words, environment: [variable[0]: home.path(variable[1])], status: status, saying: message)
        #expect(home.read(saved[2]) == "a")
    }

    @Test func aTargetThatIsALinkIsNotReplacedEvenWithForce() throws {
        try home.write("outside.txt", "secret")
        home.save(("caches", "a.txt", "a"), ("documents", "x", "x"))
        symlink(home.path("outside.txt"), home.path("docs/shelf/a.txt"))
        #expect(home.run(["move", "-f", "caches", "a.txt", "documents"]).status == 77)
        #expect(home.read("outside.txt") == "secret")
        #expect(home.read("cache/shelf/a.txt") == "a")
    }

    @Test func aLinkedFolderOnTheWayIsRefused() {
        #expect(home.run(["save", "caches", "sub/a.txt"], stdin: "a").status == 0)
        mkdir(home.path("elsewhere"), 0o700)
        #expect(home.run(["save", "documents", "x"], stdin: "x").status == 0)
        symlink(home.path("elsewhere"), home.path("docs/shelf/sub"))
        #expect(home.run(["move", "caches", "sub/a.txt", "documents"]).status == 77)
        #expect(!home.exists("elsewhere/a.txt"))
        #expect(home.read("cache/shelf/sub/a.txt") == "a")
    }

    @Test func aFileWhereATargetFolderMustBeIsExit73() {
        home.save(("caches", "a/b.txt", "b"), ("documents", "a", "file"))
        #expect(home.run(["move", "caches", "a/b.txt", "documents"]).status == 73)
        #expect(home.read("cache/shelf/a/b.txt") == "b")
    }

    @Test func theLibraryReturnsTheNewPath() throws {
        let store = try home.store()
        home.save(("caches", "x/y.txt", "abc"))
        #expect(try store.move("x/y.txt", in: .caches, to: .temporary) == home.path("run/shelf/x/y.txt"))
        #expect(throws: ShelfError.notFound(path: home.path("cache/shelf/x/y.txt"))) {
            try store.move("x/y.txt", in: .caches, to: .temporary)
        }
    }
}
