import Foundation
import Glibc
import Testing
@testable import ShelfCLI

/// Issue 22 item 11: every failure prints two lines, what failed and what to do, and the second
/// must be right for the first: no advice about paths for an app name, no "fix the input" when
/// the stored file is what is broken, no "remove or rename the file" when a file was given to
/// clear, and `--create` offered where update can take it.
@Suite struct HintTests {
    /// One failure: the words, what the first line must say, what the hint must say and must not.
    struct Case: Sendable, CustomStringConvertible {
        let words: [String]
        var stdin = ""
        let failure: String
        let hint: String
        var notInHint: [String] = []
        var description: String { words.joined(separator: " ") }
    }

    static let pathAdvice = "relative path"

    static let cases: [Case] = [
        Case(words: ["--app", "../x", "list", "caches"], failure: "the app name cannot contain '/'", hint: "another app name (--app NAME",
             notInHint: [pathAdvice]),
        Case(words: ["--app", "shelf-shared", "list", "caches"], failure: "the app name cannot be 'shelf-shared'", hint: "another app name",
             notInHint: [pathAdvice]),
        Case(words: ["list", "sharedContainer:.."], failure: "the group name cannot be '.' or '..'", hint: "another group name (sharedContainer:<group>)",
             notInHint: [pathAdvice]),
        Case(words: ["list", "sharedContainer:<group>"], failure: "the group name cannot be '<group>'", hint: "another group name",
             notInHint: [pathAdvice]),
        Case(words: ["append", "caches", "bad.json"], stdin: "1", failure: "the stored file is not valid JSON", hint: "repair it with 'shelf edit'",
             notInHint: ["Fix the input"]),
        Case(words: ["retrieve", "caches", "bad.json", "--each"], failure: "the stored file is not valid JSON", hint: "The stored file is unchanged",
             notInHint: ["Fix the input"]),
        Case(words: ["save", "caches", "x.json"], stdin: "{", failure: "not valid JSON for", hint: "Fix the input at the given line and column, or pass --raw"),
        // Item 7: bytes a program printed are its output, not the stored file, nor "the input".
        Case(words: ["update", "caches", "a.json", "--", "echo", "{"], failure: "the output of 'echo {' is not valid JSON",
             hint: "Make the program print one JSON text", notInHint: ["Fix the input", "repair it"]),
        Case(words: ["save", "caches", "a.json", "--from-command", "--", "echo", "{"], failure: "; caches a.json is unchanged",
             hint: "or pass --raw to store its output unchecked", notInHint: ["Fix the input"]),
        // Item 8: the program's own status in the message, shelf's in the hint.
        Case(words: ["update", "caches", "a.json", "--", "false"], failure: "'false' exited with status 1; caches a.json is unchanged",
             hint: "shelf exits 125 whenever the program fails"),
        Case(words: ["update", "caches", "a.json", "--", "no-such-program-shelf"], failure: "command not found: no-such-program-shelf",
             hint: "Check the program's name"),
        Case(words: ["clear", "caches", "f"], failure: "not a folder", hint: "to remove a file, use 'shelf remove'", notInHint: ["Remove or rename"]),
        Case(words: ["save", "caches", "f/x"], stdin: "1", failure: "not a folder", hint: "Remove or rename the file"),
        Case(words: ["update", "caches", "nope", "--", "cat"], failure: "no such file or folder", hint: "Pass --create TEXT"),
        Case(words: ["retrieve", "caches", "nope"], failure: "no such file or folder", hint: "'shelf list' shows what is stored", notInHint: ["--create"]),
        Case(words: ["retrieve", "caches", "old"], failure: "expired at", hint: "Pass --allow-expired"),
        Case(words: ["retrieve", "caches", "dir"], failure: "is a folder", hint: "Name a file inside the folder"),
        Case(words: ["copy", "caches", "a.json", "caches", "f"], failure: "already exists", hint: "Pass --force"),
        Case(words: ["save", "caches", "link/x"], stdin: "1", failure: "symbolic link", hint: "Replace the link"),
        Case(words: ["save", "caches", "../x"], stdin: "1", failure: "'..' components are not allowed", hint: "Use a relative path without '..'"),
        Case(words: ["save", "caches", "x/"], stdin: "1", failure: "a file name cannot end with '/'", hint: "without the trailing '/'",
             notInHint: [pathAdvice]),
        Case(words: ["save", "caches", String(repeating: "n", count: 300)], stdin: "1", failure: "a component is longer than 255 bytes", hint: "Use shorter names",
             notInHint: [pathAdvice]),
        Case(words: ["save", "caches", "CACHEDIR.TAG"], stdin: "1", failure: "shelf's cache directory tag", hint: "Choose another name",
             notInHint: [pathAdvice]),
    ]

    @Test(arguments: cases)
    func theHintFitsTheFailure(_ test: Case) throws {
        let result = try TestHome.withFailureFixtures().run(test.words, stdin: test.stdin, environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(test): \(result.stderr)")
        let command = test.words[0] == "--app" ? test.words[2] : test.words[0]
        #expect(lines.allSatisfy { $0.hasPrefix("shelf: \(command): ") }, "\(lines)")
        #expect(lines[0].contains(test.failure), "\(test): \(lines[0])")
        #expect(lines[1].contains(test.hint), "\(test): \(lines[1])")
        for word in test.notInHint { #expect(!lines[1].contains(word), "\(test): \(lines[1])") }
    }

    /// The words people bring from other tools get shelf's own: `rm` is `remove`, `tmp` is `temporary`.
    @Test(arguments: [
        (["rm", "caches", "a"], "remove"), (["delete", "caches", "a"], "remove"), (["ls", "caches"], "list"),
        (["get", "caches", "a"], "retrieve"), (["cat", "caches", "a"], "retrieve"), (["put", "caches", "a"], "save"),
        (["mv", "caches", "a", "documents"], "move"), (["cp", "caches", "a", "documents"], "copy"),
        (["version"], "--version"), (["-V"], "--version"), (["retrieve", "tmp", "a"], "temporary"), (["list", "temp"], "temporary"),
        (["help", "rm"], "remove"), (["dir"], "dirs"), (["retreive", "caches", "a"], "retrieve"),
    ] as [([String], String)])
    func familiarWordsGetShelfsWord(_ words: [String], _ suggestion: String) {
        let result = TestHome().run(words)
        #expect(result.status == 64)
        #expect(result.stderr.contains("did you mean '\(suggestion)'?"), "\(words): \(result.stderr)")
    }

    /// The usage line of shelf as a whole fits the commands that take no directory or path.
    @Test func theGeneralUsageLineFitsEveryCommand() {
        let home = TestHome()
        let usage = home.run(["frobnicate"]).stderr
        #expect(usage.contains("usage: shelf [--app NAME] <command> [<arguments>] [options]"))
        #expect(home.run(["--help"]).stdout.contains("Usage: shelf [--app NAME] <command> [<arguments>] [options]"))
    }
}
