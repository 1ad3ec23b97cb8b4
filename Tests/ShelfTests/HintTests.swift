import Foundation
import Glibc
import Testing
@testable import ShelfCLI

/// Issue 22 item 11: every failure prints two lines, what failed and what to do, and the second
/// must be right for the first: no advice about paths for an app name, no "fix the input" when
/// the stored file is what is broken, no "remove or rename the file" when a file was given to
/// clear, and `--create` offered where update can take it.
/// The failures are ExitStatusTests' table (each run once); this checks those with a `failure`.
@Suite struct HintTests {
    /// Two lines, both naming the command; the first says `failure`, the second `hint` and none of `notInHint`.
    static func check(_ result: CLIResult, _ test: ExitStatusTests.Case, command: String) throws {
        let lines = result.stderr.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(test): \(result.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("shelf: \(command): ") }, "\(lines)")
        #expect(lines[0].contains(test.failure ?? ""), "\(test): \(lines[0])")
        #expect(lines[1].contains(test.hint), "\(test): \(lines[1])")
        for word in test.notInHint { #expect(!lines[1].contains(word), "\(test): \(lines[1])") }
    }

    /// The words people bring from other tools get shelf's own (`rm` is `remove`, `tmp` is
    /// `temporary`), and typos of commands, directories and options their right spelling.
    @Test(arguments: [
        (["rm", "caches", "a"], "remove"), (["delete", "caches", "a"], "remove"), (["ls", "caches"], "list"),
        (["get", "caches", "a"], "retrieve"), (["cat", "caches", "a"], "retrieve"), (["put", "caches", "a"], "save"),
        (["mv", "caches", "a", "documents"], "move"), (["cp", "caches", "a", "documents"], "copy"),
        (["version"], "--version"), (["-V"], "--version"), (["retrieve", "tmp", "a"], "temporary"), (["list", "temp"], "temporary"),
        (["help", "rm"], "remove"), (["dir"], "dirs"), (["retreive", "caches", "a"], "retrieve"), (["complet", "bash"], "completions"),
        (["help", "capac"], "capacity"), (["--verison"], "--version"), (["save", "cache", "a"], "caches"),
        (["save", "caches", "a", "--prnt-path"], "--print-path"), (["completions", "bsah"], "bash"),
    ] as [([String], String)])
    func familiarWordsGetShelfsWord(_ words: [String], _ suggestion: String) {
        TestHome().run(words).expect(status: 64, saying: "did you mean '\(suggestion)'?", about: "\(words)")
    }

    /// The usage line of shelf as a whole fits the commands that take no directory or path.
    @Test func theGeneralUsageLineFitsEveryCommand() {
        let home = TestHome()
        let usage = home.run(["frobnicate"]).stderr
        #expect(usage.contains("usage: shelf [--app NAME] <command> [<arguments>] [options]"))
        #expect(home.run(["--help"]).stdout.contains("Usage: shelf [--app NAME] <command> [<arguments>] [options]"))
    }
}
