import Glibc
import Testing

/// What copy, move and rename share, run once per command (the commands' own behaviour is in
/// CopyTests, MoveTests and RenameTests): the relative path kept, a target that exists, a
/// missing source, a file or a folder onto a folder, a source that is a link, a target that is
/// the source or inside it. An unsafe path or new path is the battery's "hostile paths" (29
/// texts through every command that takes a path: 64, nothing changed).
@Suite struct TransferCommonTests {
    let home = TestHome()

    enum Transfer: String, CaseIterable, Sendable {
        case copy, move, rename

        /// The words that take `name` of caches to documents (copy, move) or to `b-<name>` (rename).
        func words(_ name: String, _ options: [String] = []) -> [String] {
            [rawValue] + options + ["caches", name] + (self == .rename ? ["b-" + name] : ["documents"])
        }

        /// Where `name` lands: the directory and stored path, and the path in the test home.
        func target(_ name: String) -> (directory: String, path: String, home: String) {
            self == .rename ? ("caches", "b-" + name, "cache/shelf/b-" + name) : ("documents", name, "docs/shelf/" + name)
        }
    }

    /// Without a new path, the file lands under the same path in the other directory; a move
    /// leaves the emptied folder, as mv does.
    @Test(arguments: [Transfer.copy, .move])
    func theRelativePathIsKeptInTheOtherDirectory(_ transfer: Transfer) {
        #expect(home.run(["save", "caches", "notes/todo.txt"], stdin: "todo").status == 0)
        let result = home.expect(transfer.words("notes/todo.txt"), status: 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(home.read("docs/shelf/notes/todo.txt") == "todo")
        #expect(home.read("cache/shelf/notes/todo.txt") == (transfer == .copy ? "todo" : nil))
        #expect(home.exists("cache/shelf/notes"))
    }

    @Test(arguments: Transfer.allCases)
    func anExistingTargetIsExit73UnlessForced(_ transfer: Transfer) {
        let target = transfer.target("a.txt")
        #expect(home.run(["save", "caches", "a.txt"], stdin: "new").status == 0)
        #expect(home.run(["save", target.directory, target.path], stdin: "old").status == 0)
        home.expect(transfer.words("a.txt"), status: 73, saying: "already exists: \(home.path(target.home))", "--force")
        #expect(home.read("cache/shelf/a.txt") == "new" && home.read(target.home) == "old")
        #expect(home.run(transfer.words("a.txt", [transfer == .copy ? "-f" : "--force"])).status == 0)
        #expect(home.read(target.home) == "new")
        #expect(home.read("cache/shelf/a.txt") == (transfer == .copy ? "new" : nil))
    }

    @Test(arguments: Transfer.allCases)
    func aMissingSourceIsExit66AndCreatesNothing(_ transfer: Transfer) {
        let before = home.allPaths()
        home.expect(transfer.words("nothing.txt"), status: 66, saying: home.path("cache/shelf/nothing.txt"))
        #expect(home.allPaths() == before)
    }

    @Test(arguments: [Transfer.copy, .move])
    func replaceFolderReplacesAFolderWithAFolderWhole(_ transfer: Transfer) {
        home.save(("caches", "t/new.txt", "new"), ("documents", "t/old.txt", "old"))
        #expect(home.run(transfer.words("t", ["--replace-folder"])).status == 0)
        #expect(home.read("docs/shelf/t/new.txt") == "new" && !home.exists("docs/shelf/t/old.txt"))
        #expect(home.exists("cache/shelf/t") == (transfer == .copy))
        #expect(home.allPaths().filter { $0.contains(".shelf-") }.isEmpty)
    }

    /// A file onto a folder: refused even with --force, naming the folder and the way out; done
    /// with --replace-folder.
    @Test(arguments: [Transfer.copy, .move])
    func aFileOntoAFolderNeedsReplaceFolder(_ transfer: Transfer) {
        home.save(("caches", "x", "file"), ("documents", "x/inner.txt", "old"))
        home.expect(transfer.words("x"), status: 73)
        home.expect(transfer.words("x", ["-f"]), status: 73, saying: home.path("docs/shelf/x"), "--replace-folder")
        #expect(home.read("docs/shelf/x/inner.txt") == "old")
        home.expect(transfer.words("x", ["--replace-folder"]), status: 0)
        #expect(home.read("docs/shelf/x") == "file" && home.read("cache/shelf/x") == (transfer == .copy ? "file" : nil))
        #expect(home.allPaths().filter { $0.contains(".shelf-") }.isEmpty)
    }

    @Test(arguments: [Transfer.copy, .move])
    func aSourceThatIsALinkIsRefused(_ transfer: Transfer) throws {
        try home.write("outside.txt", "secret")
        #expect(home.run(["save", "caches", "x"], stdin: "x").status == 0)
        symlink(home.path("outside.txt"), home.path("cache/shelf/link.txt"))
        home.expect(transfer.words("link.txt"), status: 77, saying: "symbolic link")
        #expect(!home.exists("docs/shelf/link.txt"))
        #expect(home.read("outside.txt") == "secret")
    }

    @Test(arguments: [(["copy", "caches", "d", "caches"], ["copy", "caches", "d", "caches", "d/sub/d"]),
                      (["move", "caches", "d", "caches"], ["move", "caches", "d", "caches", "d/sub/d"]),
                      (["rename", "caches", "d", "d/"], ["rename", "--force", "caches", "d", "d/sub/d"])])
    func ontoItselfAndIntoItselfAreRefused(_ onto: [String], _ into: [String]) {
        #expect(home.run(["save", "caches", "d/f.txt"], stdin: "f").status == 0)
        home.expect(onto, status: 64, saying: "it is the source itself")
        home.expect(into, status: 64, saying: "inside itself")
        #expect(!home.exists("cache/shelf/d/sub") && home.read("cache/shelf/d/f.txt") == "f")
    }
}
