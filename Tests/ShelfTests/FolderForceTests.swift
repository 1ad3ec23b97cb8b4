import Dispatch
import Glibc
import Testing
@testable import ShelfCore

/// `--force` onto a folder follows `cp -rf` (copy merges) and `mv` (a move replaces only an empty
/// folder); a folder is replaced whole only with `--replace-folder` (docs/move-copy-rename.md; a
/// file onto a folder: TransferCommonTests.aFileOntoAFolderNeedsReplaceFolder).
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

    @Test func aMergeReplacesALinkInTheTargetWithoutFollowingIt() throws {
        home.save(("caches", "t/f", "new"), ("documents", "t/keep", "k"))
        try home.write("outside", "outside")
        #expect(symlink(home.path("outside"), home.path("docs/shelf/t/f")) == 0)
        #expect(home.run(["copy", "-f", "caches", "t", "documents"]).status == 0)
        #expect(home.read("docs/shelf/t/f") == "new")
        var st = stat()
        #expect(lstat(home.path("docs/shelf/t/f"), &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG)
        #expect(home.read("outside") == "outside")
    }

    @Test func aMergeCopiesLinksInsideTheSourceAsLinks() {
        home.save(("caches", "t/a.txt", "a"), ("documents", "t/other", "o"))
        #expect(symlink("a.txt", home.path("cache/shelf/t/link")) == 0)
        #expect(home.run(["copy", "-f", "caches", "t", "documents"]).status == 0)
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

    /// Writers into the target folder while merges run: every item appended to a file only the
    /// target has, and every file saved into it, is there at the end. Counted, not timed.
    @Test func mergesLoseNothingConcurrentWritersPutInTheTarget() throws {
        let store = try home.store()
        for i in 0..<5 { home.save(("caches", "t/sub/f\(i)", "source \(i)")) }
        home.save(("documents", "t/log.jsonl", ""))
        let merges = 30, appends = 200
        DispatchQueue.concurrentPerform(iterations: 3) { lane in
            do {
                switch lane {
                case 0:
                    for _ in 0..<merges { try store.copy("t", in: .caches, to: .documents, replace: true) }
                case 1:
                    for i in 0..<appends {
                        var line = BytesSource(Array("{\"n\":\(i)}\n".utf8))
                        try store.append(from: &line, to: "t/log.jsonl", in: .documents)
                    }
                default:
                    for i in 0..<appends {
                        var bytes = BytesSource(Array("w\(i)".utf8))
                        try store.save(from: &bytes, to: "t/sub/written-\(i)", in: .documents)
                    }
                }
            } catch {
                Issue.record("lane \(lane): \(error)")
            }
        }
        let log = home.read("docs/shelf/t/log.jsonl") ?? ""
        #expect(log.split(separator: "\n").count == appends)
        #expect(Set(log.split(separator: "\n")).count == appends)
        for i in 0..<appends { #expect(home.read("docs/shelf/t/sub/written-\(i)") == "w\(i)") }
        for i in 0..<5 { #expect(home.read("docs/shelf/t/sub/f\(i)") == "source \(i)") }
        #expect(home.allPaths().filter { $0.contains(".shelf-tmp") }.isEmpty)
    }
}
