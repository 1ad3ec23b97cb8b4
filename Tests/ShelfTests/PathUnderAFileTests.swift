import Testing
@testable import Shelf
@testable import ShelfCore

/// Issue 21: `exists`, `is-folder` and `list` of `f/x` where `f` is a file exited 73 ("not a
/// folder"), the status of a writer that needs a folder there. A command that only looks answers:
/// nothing can be stored below a file, so `f/x` is not there (docs/exit-codes.md). Writers still
/// refuse with 73 (SaveRetrieveTests.savingBelowAFileIsCannotCreate).
@Suite struct PathUnderAFileTests {
    let home = TestHome()

    init() {
        #expect(home.run(["save", "caches", "f"], stdin: "x").status == 0)
    }

    /// (`is-folder` of `d/f.txt/x` on the command line: PathDirsTests.isFolderAnswersWithTheStatusOnly.)
    @Test func existsAndIsFolderAnswerNoAndListNotFoundBelowAFile() throws {
        for path in ["f/x", "f/x/y"] {
            let result = home.run(["exists", "caches", path])
            #expect(result.status == 1 && result.stdout.isEmpty && result.stderr.isEmpty, "\(path): \(result.status) \(result.stderr)")
        }
        // Several paths: the one below a file is missing, like any other.
        #expect(home.run(["exists", "caches", "f", "f/x"]).status == 1)
        #expect(try home.store().exists("f/x", in: .caches) == false)
        #expect(try home.store().isFolder("f/x", in: .caches) == false)
        // list: not found.
        for arguments in [["list", "caches", "f/x"], ["list", "caches", "f/x", "--json"], ["list", "caches", "f/x", "-R"]] {
            let result = home.run(arguments)
            // With --json the failure is the error object on standard output (docs/json-output.md).
            let output = arguments.contains("--json") ? result.stdout.contains("\"status\":66") : result.stdout.isEmpty
            #expect(result.status == 66 && output, "\(arguments): \(result.status) \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains(home.path("cache/shelf/f/x")), "\(result.stderr)")
        }
        #expect(throws: ShelfError.notFound(path: home.path("cache/shelf/f/x"))) { try home.store().list("f/x", in: .caches) }
    }
}
