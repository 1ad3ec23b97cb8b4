import Foundation
import Glibc
import Testing
@testable import ShelfCLI

/// Issue 22 item 18: each command's `--help` lists only the statuses it can return. The statuses
/// a command declares (`CommandSpec.statuses`) are checked against real runs: every failure below
/// must end with a declared status, and every declared status must be met by one of them, but
/// for the few no test can cause on purpose (`unprovoked`, each with its reason). Each run is
/// also the one whose message and hint HintTests check, and whose `--json` error object
/// JSONShapeTests check: one table of failures, each run once.
@Suite struct ExitStatusTests {
    /// One run: the command's words, its input, extra variables, and the status it must end with;
    /// where `failure` is given, what the message's first line must say and its hint must say and
    /// must not (HintTests.check).
    struct Case: Sendable, CustomStringConvertible {
        let words: [String]
        var stdin = ""
        var environment: [String: String] = [:]
        /// Standard output on /dev/full: a failed write of what it prints (74).
        var fullOutput = false
        let status: Int32
        var failure: String?
        var hint = ""
        var notInHint: [String] = []
        var description: String { words.joined(separator: " ") + " -> \(status)" }
    }

    /// A home whose `HOME` is relative and no XDG variable is set: no directory can be used (77).
    static let noUsableHome = ["HOME": "relative", "XDG_CACHE_HOME": "", "XDG_DATA_HOME": "", "XDG_RUNTIME_DIR": "",
                               "XDG_DOCUMENTS_DIR": "", "XDG_CONFIG_HOME": "", "TMPDIR": ""]
    static let path = ["PATH": "/usr/bin:/bin"]
    static let pathAdvice = "relative path"

    /// Failures of every kind, by command, in a store made by `TestHome.withFailureFixtures`.
    static let cases: [String: [Case]] = [
        "save": [Case(words: ["save", "caches", "x", "--file", "nope"], status: 66),
                 Case(words: ["save", "caches", "x.json"], stdin: "{", status: 65, failure: "not valid JSON for",
                      hint: "Fix the input at the given line and column, or pass --raw"),
                 Case(words: ["save", "caches", "n.json", "--json"], stdin: "{", status: 65),
                 Case(words: ["save", "caches", "dir"], stdin: "1", status: 73, failure: "is a folder, not a file",
                      hint: "Name a file inside the folder"),
                 Case(words: ["save", "caches", "f/x"], stdin: "1", status: 73, failure: "not a folder", hint: "Remove or rename the file"),
                 Case(words: ["save", "caches", "link/x"], stdin: "1", status: 77, failure: "symbolic link", hint: "Replace the link"),
                 Case(words: ["save", "caches", "x", "--print-path"], stdin: "1", fullOutput: true, status: 74),
                 // Item 8: a program's failure has shelf's own statuses, whatever the program's was.
                 Case(words: ["save", "caches", "x", "--from-command", "--", "sh", "-c", "exit 66"], environment: path, status: 125),
                 Case(words: ["save", "caches", "x", "--from-command", "--", "/dev/null"], environment: path, status: 126),
                 Case(words: ["save", "caches", "x", "--from-command", "--", "no-such-program-shelf"], environment: path, status: 127),
                 // Item 7: bytes a program printed are its output, not the stored file, nor "the input".
                 Case(words: ["save", "caches", "a.json", "--from-command", "--", "echo", "{"], environment: path, status: 65,
                      failure: "; caches a.json is unchanged", hint: "or pass --raw to store its output unchecked", notInHint: ["Fix the input"]),
                 Case(words: ["save", "caches", "../x"], stdin: "1", status: 64, failure: "'..' components are not allowed",
                      hint: "Use a relative path without '..'"),
                 Case(words: ["save", "caches", "x/"], stdin: "1", status: 64, failure: "a file name cannot end with '/'",
                      hint: "without the trailing '/'", notInHint: [pathAdvice]),
                 Case(words: ["save", "caches", String(repeating: "n", count: 300)], stdin: "1", status: 64,
                      failure: "a component is longer than 255 bytes", hint: "Use shorter names", notInHint: [pathAdvice]),
                 Case(words: ["save", "caches", "CACHEDIR.TAG"], stdin: "1", status: 64, failure: "shelf's cache directory tag",
                      hint: "Choose another name", notInHint: [pathAdvice])],
        "update": [Case(words: ["update", "caches", "nope", "--json", "--", "cat"], environment: path, status: 66, failure: "no such file or folder",
                        hint: "Pass --create TEXT"),
                   Case(words: ["update", "caches", "a.json", "--", "echo", "{"], environment: path, status: 65,
                        failure: "the output of 'echo {' is not valid JSON", hint: "Make the program print one JSON text",
                        notInHint: ["Fix the input", "repair it"]),
                   Case(words: ["update", "caches", "dir", "--", "cat"], environment: path, status: 73),
                   Case(words: ["update", "caches", "link/x", "--", "cat"], environment: path, status: 77),
                   Case(words: ["update", "caches", "f", "--print-path", "--", "cat"], environment: path, fullOutput: true, status: 74),
                   // Item 8: the program's own status in the message, shelf's in the hint.
                   Case(words: ["update", "caches", "a.json", "--", "false"], environment: path, status: 125,
                        failure: "'false' exited with status 1; caches a.json is unchanged", hint: "shelf exits 125 whenever the program fails"),
                   Case(words: ["update", "caches", "f", "--", "/dev/null"], environment: path, status: 126),
                   Case(words: ["update", "caches", "a.json", "--", "no-such-program-shelf"], environment: path, status: 127,
                        failure: "command not found: no-such-program-shelf", hint: "Check the program's name")],
        "edit": [Case(words: ["edit", "caches", "a.json"], environment: ["EDITOR": "sh -c 'echo { > \"$1\"' sh"] + path, status: 65),
                 Case(words: ["edit", "caches", "dir", "--json"], environment: ["EDITOR": "true"] + path, status: 73),
                 Case(words: ["edit", "caches", "link/x"], environment: ["EDITOR": "true"] + path, status: 77),
                 Case(words: ["edit", "caches", "f", "--print-path"], environment: ["EDITOR": "sh -c 'echo z > \"$1\"' sh"] + path,
                      fullOutput: true, status: 74),
                 Case(words: ["edit", "caches", "f"], environment: ["EDITOR": "sh -c 'exit 1' sh"] + path, status: 125),
                 Case(words: ["edit", "caches", "f"], environment: ["EDITOR": "/dev/null"] + path, status: 126),
                 Case(words: ["edit", "caches", "f"], environment: ["EDITOR": "no-such-editor-shelf"] + path, status: 127),
                 Case(words: ["edit", "caches", "f"], environment: ["EDITOR": "", "VISUAL": "", "PATH": "/nonexistent"], status: 127)],
        "retrieve": [Case(words: ["retrieve", "caches", "old"], status: 3, failure: "expired at", hint: "Pass --allow-expired"),
                     Case(words: ["retrieve", "caches", "f", "--each"], status: 65),
                     Case(words: ["retrieve", "caches", "bad.json", "--each"], status: 65, failure: "the stored file is not valid JSON",
                          hint: "The stored file is unchanged", notInHint: ["Fix the input"]),
                     Case(words: ["retrieve", "caches", "nope"], status: 66, failure: "no such file or folder", hint: "'shelf list' shows what is stored",
                          notInHint: ["--create"]),
                     Case(words: ["retrieve", "caches", "f/x"], status: 73),
                     Case(words: ["retrieve", "caches", "dir"], status: 66, failure: "is a folder", hint: "Name a file inside the folder"),
                     Case(words: ["retrieve", "caches", "link/x"], status: 77), Case(words: ["retrieve", "caches", "f"], fullOutput: true, status: 74)],
        "append": [Case(words: ["append", "caches", "a.json", "--file", "nope"], status: 66),
                   Case(words: ["append", "caches", "a.json", "--json"], stdin: "{", status: 65),
                   Case(words: ["append", "caches", "bad.json"], stdin: "1", status: 65, failure: "the stored file is not valid JSON",
                        hint: "repair it with 'shelf edit'", notInHint: ["Fix the input"]),
                   Case(words: ["append", "caches", "f/x"], stdin: "1", status: 73), Case(words: ["append", "caches", "link/x"], stdin: "1", status: 77),
                   Case(words: ["append", "caches", "a.json", "--json"], stdin: "2", fullOutput: true, status: 74)],
        "exists": [Case(words: ["exists", "caches", "nope"], status: 1), Case(words: ["exists", "caches", "old"], status: 3),
                   Case(words: ["exists", "caches", "f/x"], status: 1), Case(words: ["exists", "caches", "link/x"], status: 77)],
        "is-folder": [Case(words: ["is-folder", "caches", "f"], status: 1), Case(words: ["is-folder", "caches", "f/x"], status: 1),
                      Case(words: ["is-folder", "caches", "link/x"], status: 77)],
        "remove": [Case(words: ["remove", "caches", "nope", "--json"], status: 66), Case(words: ["remove", "caches", "f/x"], status: 73),
                   Case(words: ["remove", "caches", "link/x"], status: 77), Case(words: ["remove", "caches", "f", "--json"], fullOutput: true, status: 74)],
        "move": [Case(words: ["move", "caches", "nope", "documents", "--json"], status: 66), Case(words: ["move", "caches", "f/x", "documents"], status: 73),
                 Case(words: ["move", "caches", "link/x", "documents"], status: 77), Case(words: ["move", "caches", "f", "documents", "--print-path"], fullOutput: true, status: 74)],
        "copy": [Case(words: ["copy", "caches", "nope", "documents", "--json"], status: 66),
                 Case(words: ["copy", "caches", "a.json", "caches", "f"], status: 73, failure: "already exists", hint: "Pass --force"),
                 Case(words: ["copy", "caches", "link/x", "documents"], status: 77), Case(words: ["copy", "caches", "f", "documents", "--print-path"], fullOutput: true, status: 74)],
        "rename": [Case(words: ["rename", "caches", "nope", "x", "--json"], status: 66), Case(words: ["rename", "caches", "a.json", "f"], status: 73),
                   Case(words: ["rename", "caches", "link", "x"], status: 77), Case(words: ["rename", "caches", "f", "g", "--print-path"], fullOutput: true, status: 74)],
        "clear": [Case(words: ["clear", "caches", "f", "--json"], status: 73, failure: "not a folder", hint: "to remove a file, use 'shelf remove'",
                       notInHint: ["Remove or rename"]),
                  Case(words: ["clear", "caches", "link"], status: 77),
                  Case(words: ["clear", "caches", "--dry-run"], fullOutput: true, status: 74)],
        "list": [Case(words: ["list", "caches", "nope", "--json"], status: 66), Case(words: ["list", "caches", "f/x"], status: 66),
                 Case(words: ["--app", "../x", "list", "caches"], status: 64, failure: "the app name cannot contain '/'",
                      hint: "another app name (--app NAME", notInHint: [pathAdvice]),
                 Case(words: ["--app", "shelf-shared", "list", "caches"], status: 64, failure: "the app name cannot be 'shelf-shared'",
                      hint: "another app name", notInHint: [pathAdvice]),
                 Case(words: ["list", "sharedContainer:.."], status: 64, failure: "the group name cannot be '.' or '..'",
                      hint: "another group name (sharedContainer:<group>)", notInHint: [pathAdvice]),
                 Case(words: ["list", "sharedContainer:<group>"], status: 64, failure: "the group name cannot be '<group>'", hint: "another group name",
                      notInHint: [pathAdvice]),
                 Case(words: ["list", "caches", "link"], status: 77), Case(words: ["list", "caches"], fullOutput: true, status: 74)],
        "do-not-backup": [Case(words: ["do-not-backup", "caches", "nope"], status: 66), Case(words: ["do-not-backup", "caches", "f/x"], status: 73),
                          Case(words: ["do-not-backup", "caches", "link"], status: 77)],
        "backup": [Case(words: ["backup", "caches", "nope"], status: 66), Case(words: ["backup", "caches", "f/x"], status: 73),
                          Case(words: ["backup", "caches", "link"], status: 77)],
        "path": [Case(words: ["path", "caches", "--json"], environment: noUsableHome, status: 77), Case(words: ["path", "caches"], fullOutput: true, status: 74)],
        "dirs": [Case(words: ["dirs", "--json"], environment: noUsableHome, status: 77), Case(words: ["dirs"], fullOutput: true, status: 74)],
        "apps": [Case(words: ["apps", "--json"], environment: noUsableHome, status: 77), Case(words: ["apps"], fullOutput: true, status: 74)],
        "capacity": [Case(words: ["capacity", "caches", "--json"], environment: noUsableHome, status: 77),
                     Case(words: ["capacity", "caches"], fullOutput: true, status: 74)],
        "du": [Case(words: ["du", "caches", "nope", "--json"], status: 66), Case(words: ["du", "caches", "f/x"], status: 66),
               Case(words: ["du", "caches", "link"], status: 77), Case(words: ["du", "caches"], fullOutput: true, status: 74)],
        "sync": [Case(words: ["sync", "caches", "dir", "--file", "nope"], status: 66), Case(words: ["sync", "caches", "dir", "--json"], stdin: "{", status: 65),
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

    @Test(arguments: CommandTable.all.map(\.name))
    func declaredStatusesAreTheOnesItReturns(_ name: String) throws {
        let spec = try #require(CommandTable.command(named: name))
        let cases = try #require(ExitStatusTests.cases[name], "no failure cases for \(name)")
        var seen: Set<Int32> = [0]
        for test in cases {
            let home = try TestHome.withFailureFixtures()
            let result = test.fullOutput ? home.runToFullDisk(test.words, stdin: test.stdin, environment: test.environment)
                : home.run(test.words, stdin: test.stdin, environment: test.environment)
            let status = result.status
            #expect(status == test.status, "\(test): \(result.stderr)")
            if test.failure != nil { try HintTests.check(result, test, command: name) }
            if test.words.contains("--json") && !test.fullOutput { try JSONShapeTests.checkError(result, test, command: name) }
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
