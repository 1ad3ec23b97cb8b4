import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

@Suite struct CopyTests {
    let home = TestHome()

    @Test func copyUnderANewPathInTheSameDirectory() {
        home.save(("documents", "notes/a.txt", "a"), ("documents", "notes/deep/b.txt", "b"))
        let result = home.expect(["copy", "--print-path", "documents", "notes/", "documents", "backup/notes-copy/"], status: 0)
        #expect(result.stdout == home.path("docs/shelf/backup/notes-copy") + "\n")
        #expect(home.read("docs/shelf/backup/notes-copy/a.txt") == "a")
        #expect(home.read("docs/shelf/backup/notes-copy/deep/b.txt") == "b")
        #expect(home.read("docs/shelf/notes/deep/b.txt") == "b")
        #expect(home.allPaths().filter { $0.contains(".shelf-") }.isEmpty)
    }

    @Test func theCopyIsIndependentOfTheSource() {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "one").status == 0)
        #expect(home.run(["copy", "caches", "a.txt", "caches", "b.txt"]).status == 0)
        #expect(home.run(["save", "caches", "a.txt"], stdin: "two").status == 0)
        #expect(home.read("cache/shelf/b.txt") == "one")
    }

    @Test func aFileCannotTakeANameEndingInASlash() {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "a").status == 0)
        home.expect(["copy", "caches", "a.txt", "caches", "b/"], status: 64, saying: "cannot end with '/'")
    }

    /// Links inside are copied as links, never followed; shelf's own temporary files are not copied.
    @Test func linksInsideAreCopiedAsLinksAndShelfsTempFilesNotAtAll() throws {
        try home.write("outside/secret.txt", "secret")
        #expect(home.run(["save", "caches", "t/a.txt"], stdin: "a").status == 0)
        symlink(home.path("outside"), home.path("cache/shelf/t/escape"))
        try home.write("cache/shelf/t/.shelf-tmp-deadbeef", "leftover")
        #expect(home.run(["copy", "caches", "t", "documents"]).status == 0)
        var st = stat()
        #expect(lstat(home.path("docs/shelf/t/escape"), &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
        #expect(home.allPaths().filter { $0.hasSuffix("secret.txt") } == ["outside/secret.txt"])
        #expect(!home.exists("docs/shelf/t/.shelf-tmp-deadbeef"))
        #expect(home.read("docs/shelf/t/a.txt") == "a")
    }

    @Test func theLibraryCopiesUnderANewName() throws {
        let store = try home.store()
        home.save(("caches", "x.txt", "abc"))
        #expect(try store.copy("x.txt", in: .caches, to: .temporary, as: "y/z.txt") == home.path("run/shelf/y/z.txt"))
        #expect(home.read("run/shelf/y/z.txt") == "abc")
        #expect(throws: ShelfError.alreadyExists(path: home.path("run/shelf/y/z.txt"))) {
            try store.copy("x.txt", in: .caches, to: .temporary, as: "y/z.txt")
        }
    }
}
