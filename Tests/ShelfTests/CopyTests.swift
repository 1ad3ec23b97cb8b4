import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

@Suite struct CopyTests {
    let home = TestHome()

    @Test func copyKeepsTheSourceAndTheRelativePath() {
        #expect(home.run(["save", "documents", "notes/todo.txt"], stdin: "todo").status == 0)
        let result = home.run(["copy", "documents", "notes/todo.txt", "caches"])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(home.read("cache/shelf/notes/todo.txt") == "todo")
        #expect(home.read("docs/shelf/notes/todo.txt") == "todo")
    }

    @Test func copyUnderANewPathInTheSameDirectory() {
        #expect(home.run(["save", "documents", "notes/a.txt"], stdin: "a").status == 0)
        #expect(home.run(["save", "documents", "notes/deep/b.txt"], stdin: "b").status == 0)
        let result = home.run(["copy", "--print-path", "documents", "notes/", "documents", "backup/notes-copy/"])
        #expect(result.status == 0)
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

    @Test func existingTargetIsExit73UnlessForced() {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "new").status == 0)
        #expect(home.run(["save", "documents", "a.txt"], stdin: "old").status == 0)
        #expect(home.run(["copy", "caches", "a.txt", "documents"]).status == 73)
        #expect(home.read("docs/shelf/a.txt") == "old")
        #expect(home.run(["copy", "-f", "caches", "a.txt", "documents"]).status == 0)
        #expect(home.read("docs/shelf/a.txt") == "new" && home.read("cache/shelf/a.txt") == "new")
    }

    @Test func replaceFolderReplacesAFolderWithAFolderWhole() {
        #expect(home.run(["save", "caches", "t/new.txt"], stdin: "new").status == 0)
        #expect(home.run(["save", "documents", "t/old.txt"], stdin: "old").status == 0)
        #expect(home.run(["copy", "--replace-folder", "caches", "t", "documents"]).status == 0)
        #expect(home.read("docs/shelf/t/new.txt") == "new" && !home.exists("docs/shelf/t/old.txt"))
        #expect(home.allPaths().filter { $0.contains(".shelf-") }.isEmpty)
    }

    @Test func missingSourceIsExit66() {
        let before = home.allPaths()
        #expect(home.run(["copy", "caches", "none", "documents"]).status == 66)
        #expect(home.allPaths() == before)
    }

    @Test func ontoItselfAndIntoItselfAreRefused() {
        #expect(home.run(["save", "caches", "d/f.txt"], stdin: "f").status == 0)
        let same = home.run(["copy", "caches", "d", "caches"])
        #expect(same.status == 64 && same.stderr.contains("it is the source itself"))
        let inside = home.run(["copy", "caches", "d", "caches", "d/sub/d"])
        #expect(inside.status == 64 && inside.stderr.contains("inside itself"))
        #expect(!home.exists("cache/shelf/d/sub"))
    }

    @Test func unsafeNewPathIsUsageError() {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "a").status == 0)
        let before = home.allPaths()
        for bad in ["../b.txt", "/abs", "x//y", "a\nb"] {
            #expect(home.run(["copy", "caches", "a.txt", "documents", bad]).status == 64, "\(bad)")
        }
        #expect(home.allPaths() == before)
    }

    @Test func aFileCannotTakeANameEndingInASlash() {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "a").status == 0)
        let result = home.run(["copy", "caches", "a.txt", "caches", "b/"])
        #expect(result.status == 64 && result.stderr.contains("cannot end with '/'"))
    }

    @Test func linksInsideAreCopiedAsLinksNeverFollowed() throws {
        try home.write("outside/secret.txt", "secret")
        #expect(home.run(["save", "caches", "t/a.txt"], stdin: "a").status == 0)
        symlink(home.path("outside"), home.path("cache/shelf/t/escape"))
        #expect(home.run(["copy", "caches", "t", "documents"]).status == 0)
        var st = stat()
        #expect(lstat(home.path("docs/shelf/t/escape"), &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
        #expect(home.allPaths().filter { $0.hasSuffix("secret.txt") } == ["outside/secret.txt"])
    }

    @Test func aSourceLinkIsRefused() throws {
        try home.write("outside.txt", "secret")
        #expect(home.run(["save", "caches", "x"], stdin: "x").status == 0)
        symlink(home.path("outside.txt"), home.path("cache/shelf/l"))
        #expect(home.run(["copy", "caches", "l", "documents"]).status == 77)
        #expect(!home.exists("docs/shelf/l"))
    }

    @Test func aFIFOIsRefusedSayingWhatItIs() {
        #expect(home.run(["save", "caches", "x"], stdin: "x").status == 0)
        mkfifo(home.path("cache/shelf/pipe"), 0o600)
        let result = home.run(["copy", "caches", "pipe", "documents"])
        #expect(result.status == 73 && result.stderr.contains("is a FIFO (named pipe), not a regular file"))
        #expect(!home.exists("docs/shelf/pipe"))
    }

    @Test func shelfsOwnTempFilesAreNotCopied() throws {
        #expect(home.run(["save", "caches", "t/a.txt"], stdin: "a").status == 0)
        try home.write("cache/shelf/t/.shelf-tmp-deadbeef", "leftover")
        #expect(home.run(["copy", "caches", "t", "documents"]).status == 0)
        #expect(!home.exists("docs/shelf/t/.shelf-tmp-deadbeef"))
        #expect(home.read("docs/shelf/t/a.txt") == "a")
    }

    @Test func theLibraryCopiesUnderANewName() throws {
        let store = try home.store()
        var source = BytesSource(Array("abc".utf8))
        try store.save(from: &source, to: "x.txt", in: .caches)
        #expect(try store.copy("x.txt", in: .caches, to: .temporary, as: "y/z.txt") == home.path("run/shelf/y/z.txt"))
        #expect(home.read("run/shelf/y/z.txt") == "abc")
        #expect(throws: ShelfError.alreadyExists(path: home.path("run/shelf/y/z.txt"))) {
            try store.copy("x.txt", in: .caches, to: .temporary, as: "y/z.txt")
        }
    }
}
