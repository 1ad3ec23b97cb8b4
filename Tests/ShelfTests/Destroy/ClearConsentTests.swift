import Glibc
import Testing
@testable import ShelfCLI
@testable import ShelfCore

/// `clear` of a directory that holds a person's data, without a limit: refused off a terminal
/// (64, nothing removed), asked on one; --all, a limit or --dry-run go on; caches and temporary
/// clear at once as before (DestroyTableTests' "clear -", ClearTests), as does a directory never used
/// (FreshHomeTests).
@Suite struct ClearConsentTests {
    let home = TestHome()

    @Test(arguments: [("documents", "docs/shelf"), ("applicationSupport", "data/shelf"), ("sharedContainer:team", "data/shelf-groups/team")])
    func aClearWithoutALimitIsRefusedAndSaysWhatItWouldRemove(_ directory: String, _ folder: String) {
        #expect(home.run(["save", directory, "a.txt"], stdin: "12345").status == 0)
        #expect(home.run(["save", directory, "n/b.txt"], stdin: "678").status == 0)
        let refused = home.run(["clear", directory]).expect(status: 64)
        #expect(refused.stderr.contains("all 2 files (8 B)") && refused.stderr.contains("--all"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        #expect(home.run(["exists", directory, "a.txt"]).status == 0 && home.run(["exists", directory, "n/b.txt"]).status == 0)
        // A folder is not a limit.
        home.run(["clear", directory, "n"]).expect(status: 64)
        #expect(home.run(["exists", directory, "n/b.txt"]).status == 0)
        home.run(["clear", directory, "n", "--all"]).expect(status: 0)
        #expect(home.run(["exists", directory, "n/b.txt"]).status == 1 && home.run(["exists", directory, "a.txt"]).status == 0)
        home.run(["clear", directory, "--all"]).expect(status: 0)
        #expect(home.run(["exists", directory, "a.txt"]).status == 1 && home.run(["exists", directory, "n/b.txt"]).status == 1)
    }

    /// A limit goes on and removes what it says; a dry run goes on, says what would go and removes nothing.
    @Test(arguments: [(["--max-size", "0"], false), (["--keep-newest", "0"], false), (["--expired"], true), (["--older-than", "0s"], false),
                      (["--dry-run"], true)])
    func aLimitOrADryRunNeedsNoAll(_ limit: [String], _ kept: Bool) {
        #expect(home.run(["save", "documents", "a.txt"], stdin: "x").status == 0)
        home.setAge("docs/shelf/a.txt", 3600)
        let result = home.run(["clear", "documents"] + limit).expect(status: 0, about: "\(limit)")
        #expect(home.exists("docs/shelf/a.txt") == kept, "\(limit)")
        if limit == ["--dry-run"] { #expect(result.stdout == "a.txt\n") }
    }

    /// On a terminal the summary is a question: y removes, anything else keeps (status 0 both).
    @Test(arguments: [("y\n", true), ("n\n", false), ("\n", false), ("yes\n", true)])
    func onATerminalTheClearAsks(_ answer: String, _ removes: Bool) throws {
        #expect(home.run(["save", "documents", "a.txt"], stdin: "abc").status == 0)
        let terminal = try PseudoTerminal()
        _ = Array(answer.utf8).withUnsafeBytes { Glibc.write(terminal.master, $0.baseAddress, $0.count) }
        let out = CapturedFile()
        let status = CLI.run(arguments: ["clear", "documents"], environment: home.environment, stdin: terminal.slave, stdout: out.fd,
                             stderr: terminal.slave)
        let shown = terminal.drain()
        #expect(status == 0, "\(shown)")
        #expect(shown.contains("remove all 1 file (3 B) in \(home.path("docs/shelf"))? [y/N]"), "\(shown)")
        #expect((home.read("docs/shelf/a.txt") == nil) == removes, "\(shown)")
        #expect(shown.contains("nothing removed") == !removes)
    }
}
