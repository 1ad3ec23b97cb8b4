import Glibc
import Testing
@testable import ShelfCore

/// `--root DIR` / `SHELF_ROOT`: one folder is the whole store, with the usual name safety.
@Suite struct RootFolderTests {
    let home = TestHome()

    var root: String { home.path("state") }

    @Test func everyDirectoryIsTheFolderItself() {
        #expect(home.run(["--root", root, "save", "caches", "a/b.txt"], stdin: "one").status == 0)
        #expect(home.read("state/a/b.txt") == "one")
        for directory in ["documents", "caches", "applicationSupport", "temporary", "sharedContainer:team"] {
            let read = home.run(["retrieve", directory, "a/b.txt", "--root", root])
            #expect(read.status == 0 && read.stdout == "one", "\(directory): \(read.stderr)")
        }
        // Nothing of the XDG store, and no cache tag, even for caches.
        #expect(!home.exists("cache") && !home.exists("state/CACHEDIR.TAG"))
        let dirs = home.expect(["dirs", "--root", root], status: 0)
        #expect(dirs.stdout == ["documents", "caches", "applicationSupport", "temporary", "sharedContainer:<group>"]
            .map { $0 + "\t" + root + "\n" }.joined())
    }

    @Test func theFolderIsMadeLikeABaseFolder() {
        #expect(home.run(["--root", home.path("deep/er/state"), "save", "documents", "x"], stdin: "x").status == 0)
        var st = stat()
        #expect(lstat(home.path("deep/er/state"), &st) == 0 && st.st_mode & 0o777 == 0o700)
        #expect(home.read("deep/er/state/x") == "x")
    }

    @Test func shelfRootIsTheDefaultAndRootWins() {
        #expect(home.run(["save", "caches", "f"], stdin: "env", environment: ["SHELF_ROOT": root]).status == 0)
        #expect(home.read("state/f") == "env")
        #expect(home.run(["save", "caches", "f", "--root", home.path("other")], stdin: "flag", environment: ["SHELF_ROOT": root]).status == 0)
        #expect(home.read("other/f") == "flag" && home.read("state/f") == "env")
        // Empty means unset.
        #expect(home.run(["save", "caches", "f"], stdin: "xdg", environment: ["SHELF_ROOT": ""]).status == 0)
        #expect(home.read("cache/shelf/f") == "xdg")
    }

    /// A relative folder or `/` is refused, named as given (--root or SHELF_ROOT), never ignored.
    @Test(arguments: [(["--root", "state"], "--root"), (["--root", "/"], "--root"), (["--root", "//"], "--root"), (["--root=./x"], "--root"),
                      ([], "SHELF_ROOT")] as [([String], String)])
    func relativeOrSlashIsAUsageError(_ option: [String], _ named: String) {
        home.expect(option + ["save", "caches", "f"], stdin: "x", environment: option.isEmpty ? ["SHELF_ROOT": "state"] : [:], status: 64, saying: named)
        #expect(!home.exists("state") && !home.exists("cache") && !home.exists("x"))
    }

    @Test func appCannotBeCombined() {
        home.expect(["--app", "a", "--root", root, "save", "caches", "f"], stdin: "x", status: 64, saying: "--app")
        #expect(!home.exists("state/f"))
    }

    @Test func namesStaySafeInsideTheFolder() throws {
        #expect(home.run(["--root", root, "save", "caches", "../escape"], stdin: "x").status == 64)
        #expect(home.run(["--root", root, "save", "caches", ".shelf-tmp-x"], stdin: "x").status == 64)
        try home.write("outside", "o")
        #expect(home.run(["--root", root, "save", "caches", "keep"], stdin: "k").status == 0)
        #expect(symlink(home.path("outside"), home.path("state/link")) == 0)
        #expect(home.run(["--root", root, "retrieve", "caches", "link"]).status == 77)
        // The folder itself must not be a link either.
        #expect(symlink(root, home.path("state-link")) == 0)
        #expect(home.run(["--root", home.path("state-link"), "list", "caches"]).status == 77)
    }

    @Test func moveBetweenDirectoriesIsTheSameEntry() {
        #expect(home.run(["--root", root, "save", "caches", "f"], stdin: "x").status == 0)
        #expect(home.run(["--root", root, "move", "caches", "f", "documents"]).status == 64)
        #expect(home.run(["--root", root, "copy", "caches", "f", "documents", "g"]).status == 0)
        #expect(home.read("state/g") == "x")
    }
}
