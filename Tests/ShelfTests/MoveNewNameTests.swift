import Testing
@testable import ShelfCLI
@testable import ShelfCore

/// `move` takes a new path as `copy` does; `rename` refuses a directory's name as the new path
/// instead of making a file called `documents` (issue 22, item 14).
@Suite struct MoveNewNameTests {
    let home = TestHome()

    @Test func moveTakesANewPathInTheOtherDirectory() {
        #expect(home.run(["save", "temporary", "downloads/report.txt"], stdin: "report").status == 0)
        let result = home.expect(["move", "temporary", "downloads/report.txt", "documents", "reports/2024-05.txt", "--print-path"], status: 0)
        #expect(result.stdout == home.path("docs/shelf/reports/2024-05.txt") + "\n")
        #expect(home.read("docs/shelf/reports/2024-05.txt") == "report")
        #expect(!home.exists("run/shelf/downloads/report.txt") && !home.exists("docs/shelf/downloads"))
    }

    @Test func moveAndCopyShareOneGrammar() throws {
        let move = try #require(CommandTable.all.first { $0.name == "move" })
        let copy = try #require(CommandTable.all.first { $0.name == "copy" })
        #expect(move.arguments.map(\.name) == copy.arguments.map(\.name))
    }

    @Test func moveWithANewPathRefusesAnExistingTargetUnlessForced() {
        home.save(("caches", "a.txt", "a"), ("documents", "b.txt", "b"))
        #expect(home.run(["move", "caches", "a.txt", "documents", "b.txt"]).status == 73)
        #expect(home.read("docs/shelf/b.txt") == "b")
        let dry = home.run(["move", "caches", "a.txt", "documents", "b.txt", "--force", "--dry-run"])
        #expect(dry.status == 0 && dry.stdout == "b.txt\n", "\(dry.stdout)\(dry.stderr)")
        #expect(home.run(["move", "caches", "a.txt", "documents", "b.txt", "--force"]).status == 0)
        #expect(home.read("docs/shelf/b.txt") == "a" && !home.exists("cache/shelf/a.txt"))
    }

    @Test(arguments: ["documents", "Documents", "caches", "application-support", "temporary", "sharedContainer:group.x"])
    func renameToADirectoryNameIsRefusedAndSaysToMove(_ word: String) {
        #expect(home.run(["save", "caches", "x"], stdin: "x").status == 0)
        let result = home.run(["rename", "caches", "x", word])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("rename gives <path> a new name in the same directory"), "\(result.stderr)")
        #expect(result.stderr.contains("use 'shelf move caches x "), "\(result.stderr)")
        #expect(home.read("cache/shelf/x") == "x" && !home.exists("cache/shelf/" + word))
    }

    /// Within one directory a move with a new path is a rename: the way to name a file like a
    /// directory. A directory's name deeper in the path is an ordinary folder name.
    @Test(arguments: [["move", "caches", "x", "caches", "documents"], ["rename", "caches", "x", "documents/x"]])
    func aDirectoryNameAsANewPathWhereItIsNoDirectory(_ words: [String]) {
        #expect(home.run(["save", "caches", "x"], stdin: "x").status == 0)
        #expect(home.run(words).status == 0)
        #expect(home.read("cache/shelf/" + words.last!) == "x" && !home.exists("cache/shelf/x"))
    }
}
