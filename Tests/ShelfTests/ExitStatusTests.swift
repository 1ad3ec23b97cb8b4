import Foundation
import Glibc
import Testing
@testable import ShelfCLI

/// Issue 22 item 18: each command's `--help` lists only the statuses it can return. The statuses
/// a command declares (`CommandSpec.statuses`) are checked against real runs: every failure below
/// must end with a declared status, and every declared status must be met by one of them, but
/// for the few no test can cause on purpose (`unprovoked`, each with its reason).
@Suite struct ExitStatusTests {
    /// One run: the command's words, its input, extra variables, and the status it must end with.
    struct Case: Sendable, CustomStringConvertible {
        let words: [String]
        var stdin = ""
        var environment: [String: String] = [:]
        /// Standard output on /dev/full: a failed write of what it prints (74).
        var fullOutput = false
        let status: Int32
        var description: String { words.joined(separator: " ") + " -> \(status)" }
    }

    /// A home whose `HOME` is relative and no XDG variable is set: no directory can be used (77).
    static let noUsableHome = ["HOME": "relative", "XDG_CACHE_HOME": "", "XDG_DATA_HOME": "", "XDG_RUNTIME_DIR": "",
                               "XDG_DOCUMENTS_DIR": "", "XDG_CONFIG_HOME": "", "TMPDIR": ""]
    static let path = ["PATH": "/usr/bin:/bin"]

    /// Failures of every kind, by command, in a store made by `TestHome.withFailureFixtures`.
    static let cases: [String: [Case]] = [
        "save": [Case(words: ["save", "caches", "x", "--file", "nope"], status: 66), Case(words: ["save", "caches", "x.json"], stdin: "{", status: 65),
                 Case(words: ["save", "caches", "dir"], stdin: "1", status: 73), Case(words: ["save", "caches", "link/x"], stdin: "1", status: 77),
                 Case(words: ["save", "caches", "x", "--print-path"], stdin: "1", fullOutput: true, status: 74),
                 // Item 8: a program's failure has shelf's own statuses, whatever the program's was.
                 Case(words: ["save", "caches", "x", "--from-command", "--", "sh", "-c", "exit 66"], environment: path, status: 125),
                 Case(words: ["save", "caches", "x", "--from-command", "--", "/dev/null"], environment: path, status: 126),
                 Case(words: ["save", "caches", "x", "--from-command", "--", "no-such-program-shelf"], environment: path, status: 127)],
        "update": [Case(words: ["update", "caches", "nope", "--", "cat"], environment: path, status: 66),
                   Case(words: ["update", "caches", "a.json", "--", "echo", "{"], environment: path, status: 65),
                   Case(words: ["update", "caches", "dir", "--", "cat"], environment: path, status: 73),
                   Case(words: ["update", "caches", "link/x", "--", "cat"], environment: path, status: 77),
                   Case(words: ["update", "caches", "f", "--print-path", "--", "cat"], environment: path, fullOutput: true, status: 74),
                   Case(words: ["update", "caches", "f", "--", "false"], environment: path, status: 125),
                   Case(words: ["update", "caches", "f", "--", "/dev/null"], environment: path, status: 126),
                   Case(words: ["update", "caches", "f", "--", "no-such-program-shelf"], environment: path, status: 127)],
        "edit": [Case(words: ["edit", "caches", "a.json"], environment: ["EDITOR": "sh -c 'echo { > \"$1\"' sh"] + path, status: 65),
                 Case(words: ["edit", "caches", "dir"], environment: ["EDITOR": "true"] + path, status: 73),
                 Case(words: ["edit", "caches", "link/x"], environment: ["EDITOR": "true"] + path, status: 77),
                 Case(words: ["edit", "caches", "f", "--print-path"], environment: ["EDITOR": "sh -c 'echo z > \"$1\"' sh"] + path,
                      fullOutput: true, status: 74),
                 Case(words: ["edit", "caches", "f"], environment: ["EDITOR": "sh -c 'exit 1' sh"] + path, status: 125),
                 Case(words: ["edit", "caches", "f"], environment: ["EDITOR": "/dev/null"] + path, status: 126),
                 Case(words: ["edit", "caches", "f"], environment: ["EDITOR": "no-such-editor-shelf"] + path, status: 127),
                 Case(words: ["edit", "caches", "f"], environment: ["EDITOR": "", "VISUAL": "", "PATH": "/nonexistent"], status: 127)],
        "retrieve": [Case(words: ["retrieve", "caches", "old"], status: 3), Case(words: ["retrieve", "caches", "f", "--each"], status: 65),
                     Case(words: ["retrieve", "caches", "nope"], status: 66), Case(words: ["retrieve", "caches", "f/x"], status: 73),
                     Case(words: ["retrieve", "caches", "link/x"], status: 77), Case(words: ["retrieve", "caches", "f"], fullOutput: true, status: 74)],
        "append": [Case(words: ["append", "caches", "a.json", "--file", "nope"], status: 66), Case(words: ["append", "caches", "a.json"], stdin: "{", status: 65),
                   Case(words: ["append", "caches", "f/x"], stdin: "1", status: 73), Case(words: ["append", "caches", "link/x"], stdin: "1", status: 77),
                   Case(words: ["append", "caches", "a.json", "--json"], stdin: "2", fullOutput: true, status: 74)],
        "exists": [Case(words: ["exists", "caches", "nope"], status: 1), Case(words: ["exists", "caches", "old"], status: 3),
                   Case(words: ["exists", "caches", "f/x"], status: 1), Case(words: ["exists", "caches", "link/x"], status: 77)],
        "is-folder": [Case(words: ["is-folder", "caches", "f"], status: 1), Case(words: ["is-folder", "caches", "f/x"], status: 1),
                      Case(words: ["is-folder", "caches", "link/x"], status: 77)],
        "remove": [Case(words: ["remove", "caches", "nope"], status: 66), Case(words: ["remove", "caches", "f/x"], status: 73),
                   Case(words: ["remove", "caches", "link/x"], status: 77), Case(words: ["remove", "caches", "f", "--json"], fullOutput: true, status: 74)],
        "move": [Case(words: ["move", "caches", "nope", "documents"], status: 66), Case(words: ["move", "caches", "f/x", "documents"], status: 73),
                 Case(words: ["move", "caches", "link/x", "documents"], status: 77), Case(words: ["move", "caches", "f", "documents", "--print-path"], fullOutput: true, status: 74)],
        "copy": [Case(words: ["copy", "caches", "nope", "documents"], status: 66), Case(words: ["copy", "caches", "a.json", "caches", "f"], status: 73),
                 Case(words: ["copy", "caches", "link/x", "documents"], status: 77), Case(words: ["copy", "caches", "f", "documents", "--print-path"], fullOutput: true, status: 74)],
        "rename": [Case(words: ["rename", "caches", "nope", "x"], status: 66), Case(words: ["rename", "caches", "a.json", "f"], status: 73),
                   Case(words: ["rename", "caches", "link", "x"], status: 77), Case(words: ["rename", "caches", "f", "g", "--print-path"], fullOutput: true, status: 74)],
        "clear": [Case(words: ["clear", "caches", "f"], status: 73), Case(words: ["clear", "caches", "link"], status: 77),
                  Case(words: ["clear", "caches", "--dry-run"], fullOutput: true, status: 74)],
        "list": [Case(words: ["list", "caches", "nope"], status: 66), Case(words: ["list", "caches", "f/x"], status: 66),
                 Case(words: ["list", "caches", "link"], status: 77), Case(words: ["list", "caches"], fullOutput: true, status: 74)],
        "do-not-backup": [Case(words: ["do-not-backup", "caches", "nope"], status: 66), Case(words: ["do-not-backup", "caches", "f/x"], status: 73),
                          Case(words: ["do-not-backup", "caches", "link"], status: 77)],
        "backup": [Case(words: ["backup", "caches", "nope"], status: 66), Case(words: ["backup", "caches", "f/x"], status: 73),
                          Case(words: ["backup", "caches", "link"], status: 77)],
        "path": [Case(words: ["path", "caches"], environment: noUsableHome, status: 77), Case(words: ["path", "caches"], fullOutput: true, status: 74)],
        "dirs": [Case(words: ["dirs"], environment: noUsableHome, status: 77), Case(words: ["dirs"], fullOutput: true, status: 74)],
        "apps": [Case(words: ["apps"], environment: noUsableHome, status: 77), Case(words: ["apps"], fullOutput: true, status: 74)],
        "capacity": [Case(words: ["capacity", "caches"], environment: noUsableHome, status: 77),
                     Case(words: ["capacity", "caches"], fullOutput: true, status: 74)],
        "du": [Case(words: ["du", "caches", "nope"], status: 66), Case(words: ["du", "caches", "f/x"], status: 66),
               Case(words: ["du", "caches", "link"], status: 77), Case(words: ["du", "caches"], fullOutput: true, status: 74)],
        "sync": [Case(words: ["sync", "caches", "dir", "--file", "nope"], status: 66), Case(words: ["sync", "caches", "dir"], stdin: "{", status: 65),
                 Case(words: ["sync", "caches", "f"], stdin: "[{\"id\":\"a\"}]", status: 73),
                 Case(words: ["sync", "caches", "link"], stdin: "[{\"id\":\"a\"}]", status: 77),
                 Case(words: ["sync", "caches", "dir", "--json"], stdin: "[{\"id\":\"a\"}]", fullOutput: true, status: 74)],
        "completions": [Case(words: ["completions", "bash"], fullOutput: true, status: 74)],
        "help": [Case(words: ["help", "save"], fullOutput: true, status: 74)],
        "__complete-path": [Case(words: ["__complete-path", "caches", "a"], fullOutput: true, status: 74)],
        "__complete-name": [Case(words: ["__complete-name", "app"], fullOutput: true, status: 74)],
    ]

    /// Declared statuses no case above causes, and why: none may be declared without a reason.
    static let unprovoked: [String: [Int32: String]] = [
        "*": [70: "an internal error has no cause a test can give", 64: "every command's wrong words are UsageTests' subject"],
        "edit": [75: "caused by a second process meanwhile: EditCommandTests.aFileChangedMeanwhileIsNotOverwritten"],
        "exists": [74: "only an I/O error of the file system (it prints nothing)"],
        "is-folder": [74: "only an I/O error of the file system (it prints nothing)"],
        "do-not-backup": [74: "a file system without user extended attributes: NoXattrFileSystemTests"],
        "backup": [74: "a file system without user extended attributes: NoXattrFileSystemTests"],
    ]

    func run(_ test: Case, in home: TestHome) -> Int32 {
        test.fullOutput ? home.runToFullDisk(test.words, stdin: test.stdin, environment: test.environment).status
            : home.run(test.words, stdin: test.stdin, environment: test.environment).status
    }

    @Test(arguments: CommandTable.all.map(\.name))
    func declaredStatusesAreTheOnesItReturns(_ name: String) throws {
        let spec = try #require(CommandTable.command(named: name))
        let cases = try #require(ExitStatusTests.cases[name], "no failure cases for \(name)")
        var seen: Set<Int32> = [0]
        for test in cases {
            let status = run(test, in: try TestHome.withFailureFixtures())
            #expect(status == test.status, "\(test)")
            #expect(spec.statuses.contains(status), "\(test): \(status) is not declared")
            seen.insert(status)
        }
        let excused = Set((ExitStatusTests.unprovoked["*"] ?? [:]).keys).union((ExitStatusTests.unprovoked[name] ?? [:]).keys)
        #expect(Set(spec.statuses).subtracting(seen).subtracting(excused).isEmpty,
                "\(name) declares \(Set(spec.statuses).subtracting(seen).subtracting(excused).sorted()) that no case returns")
    }
}

extension Dictionary where Key == String, Value == String {
    fileprivate static func + (left: Self, right: Self) -> Self { left.merging(right) { $1 } }
}
