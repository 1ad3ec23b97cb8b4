import Glibc
import Testing
@testable import ShelfCore

/// `--force` onto a folder follows `cp -rf` (copy merges) and `mv` (a move replaces only an empty
/// folder); a folder is replaced whole only with `--replace-folder` (docs/move-copy-rename.md; a
/// file onto a folder: TransferCommonTests.aFileOntoAFolderNeedsReplaceFolder; merges raced by
/// appends and saves into the target: the battery's "force: copy -f merges racing writers").
@Suite struct FolderForceTests {
    let home = TestHome()

    @Test func copyForceMergesAsCpDoes() {
        home.save(("caches", "site/index.html", "new index"), ("caches", "site/css/a.css", "new a"), ("caches", "site/img/logo.png", "logo"),
                  ("documents", "site/index.html", "old index"), ("documents", "site/css/a.css", "old a"),
                  ("documents", "site/css/only-target.css", "kept"), ("documents", "site/notes.txt", "kept too"))
        home.expect(["copy", "-f", "caches", "site", "documents"], status: 0)
        #expect(home.read("docs/shelf/site/index.html") == "new index")
        #expect(home.read("docs/shelf/site/css/a.css") == "new a")
        #expect(home.read("docs/shelf/site/img/logo.png") == "logo")
        #expect(home.read("docs/shelf/site/css/only-target.css") == "kept")
        #expect(home.read("docs/shelf/site/notes.txt") == "kept too")
        #expect(home.read("cache/shelf/site/index.html") == "new index")
        #expect(home.allPaths().filter { $0.contains(".shelf-tmp") }.isEmpty)
    }

    @Test func aMergeStopsAtAFolderWhereTheTargetHasAFile() {
        home.save(("caches", "t/a/inner.txt", "new"), ("documents", "t/a", "a file"))
        #expect(home.run(["copy", "-f", "caches", "t", "documents"]).status == 73)
        #expect(home.read("docs/shelf/t/a") == "a file")
        #expect(home.allPaths().filter { $0.contains(".shelf-tmp") }.isEmpty)
    }

    /// A link in the target is replaced, never followed; a link inside the source is copied as a link.
    @Test func aMergeReplacesALinkInTheTargetAndCopiesLinksInsideTheSourceAsLinks() throws {
        home.save(("caches", "t/f", "new"), ("caches", "t/a.txt", "a"), ("documents", "t/keep", "k"))
        try home.write("outside", "outside")
        #expect(symlink(home.path("outside"), home.path("docs/shelf/t/f")) == 0)
        #expect(symlink("a.txt", home.path("cache/shelf/t/link")) == 0)
        #expect(home.run(["copy", "-f", "caches", "t", "documents"]).status == 0)
        #expect(home.read("docs/shelf/t/f") == "new")
        var st = stat()
        #expect(lstat(home.path("docs/shelf/t/f"), &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG)
        #expect(home.read("outside") == "outside")
        var buffer = [CChar](repeating: 0, count: 64)
        #expect(readlink(home.path("docs/shelf/t/link"), &buffer, 63) == 5)
        // Twice: the link the first merge made is replaced by the second.
        #expect(home.run(["copy", "-f", "caches", "t", "documents"]).status == 0)
        #expect(home.read("docs/shelf/t/link") == "a")
    }

    @Test(arguments: [["move", "-f", "caches", "t", "documents"], ["rename", "-f", "caches", "t", "u"]])
    func moveForceReplacesAnEmptyFolderOnly(_ arguments: [String]) {
        let targetRoot = arguments[0] == "move" ? "docs/shelf/t" : "cache/shelf/u"
        home.save(("caches", "t/new.txt", "new"),
                  (arguments[0] == "move" ? "documents" : "caches", (arguments[0] == "move" ? "t" : "u") + "/old.txt", "old"))
        home.expect(arguments, status: 73, saying: "not empty", "--replace-folder")
        #expect(home.read(targetRoot + "/old.txt") == "old" && home.read("cache/shelf/t/new.txt") == "new")
        #expect(unlink(home.path(targetRoot + "/old.txt")) == 0)
        #expect(home.run(arguments).status == 0)
        #expect(home.read(targetRoot + "/new.txt") == "new" && !home.exists("cache/shelf/t"))
    }

    @Test func moveForceOfAFileOntoAnEmptyFolderIsRefused() {
        home.save(("caches", "x", "file"))
        #expect(mkdir(home.path("docs"), 0o700) == 0 && mkdir(home.path("docs/shelf"), 0o700) == 0)
        #expect(mkdir(home.path("docs/shelf/x"), 0o700) == 0)
        #expect(home.run(["move", "-f", "caches", "x", "documents"]).status == 73)
        #expect(home.read("cache/shelf/x") == "file")
    }

    @Test func theSwiftAPIMergesToo() throws {
        let store = try home.store()
        home.save(("caches", "t/a", "new"), ("documents", "t/b", "kept"))
        try store.copy("t", in: .caches, to: .documents, replace: true)
        #expect(home.read("docs/shelf/t/a") == "new" && home.read("docs/shelf/t/b") == "kept")
        #expect(throws: Store.folderNotEmpty(home.path("docs/shelf/t"))) {
            try store.move("t", in: .caches, to: .documents, replace: true)
        }
        try store.move("t", in: .caches, to: .documents, replace: true, folders: .replaceWhole)
        #expect(home.read("docs/shelf/t/a") == "new" && !home.exists("docs/shelf/t/b"))
    }
}
