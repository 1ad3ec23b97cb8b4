import Foundation
import Glibc
import Testing
@testable import ShelfCLI

/// `shelf edit` with scripted editors: what is put back, what is refused, what is left behind
/// (an edit put back and its copy removed: EditOutsideStoreTests.theEditorsCopyIsInAPrivateFolderUnderTMPDIR).
@Suite struct EditCommandTests {
    let home = TestHome()

    /// An editor that writes the next of `contents` (one per run) into the file it is given.
    func editor(_ contents: [String]) throws -> [String: String] {
        for (index, content) in contents.enumerated() { try home.write("edit-\(index)", content) }
        try home.write("editor", """
            #!/bin/sh
            n=$(cat "\(home.path("runs"))" 2>/dev/null || echo 0)
            echo $((n + 1)) > "\(home.path("runs"))"
            cat "\(home.path("edit-"))$n" > "$1"

            """)
        // Run through sh, not exec'd: a test running in parallel may fork while the script is
        // still open for writing, and exec would then fail with ETXTBSY.
        return ["EDITOR": "sh " + home.path("editor")]
    }

    init() {
        mkdir(home.path("tmp"), 0o700)
    }

    /// Nothing of the edit is left beside the stored files, nor in the temporary folder.
    func nothingLeft() -> Bool { !home.allPaths().contains { $0.contains(".shelf-tmp-") || $0.contains(".shelf-edit-") } }

    /// An edit that is not valid JSON, off a terminal (65, saying where), or an editor that fails
    /// (issue 22 item 8: shelf's own status, 125, the editor's in the message): the file is kept.
    @Test(arguments: [("s.json", "{\"a\":1}", #"printf %s "{\"a\":" > "$1""#, 65, "line 1, column 6"),
                      ("t.txt", "one\n", #"echo x > "$1"; exit 3"#, 125, "exited with status 3")]
          as [(String, String, String, Int32, String)])
    func aRefusedEditKeepsTheFile(_ name: String, _ stored: String, _ editor: String, _ status: Int32, _ message: String) {
        #expect(home.run(["save", "caches", name], stdin: stored).status == 0)
        home.expect(["edit", "caches", name], environment: ["EDITOR": "sh -c '\(editor)' sh"], status: status, saying: message)
        #expect(home.read("cache/shelf/" + name) == stored)
        #expect(nothingLeft())
    }

    @Test func visualWinsAndEditorMayHaveArguments() throws {
        #expect(home.run(["save", "documents", "t.txt"], stdin: "one\n").status == 0)
        home.expect(["edit", "documents", "t.txt"], environment: ["VISUAL": "sed -i s/one/two/", "EDITOR": "false"], status: 0)
        #expect(home.read("docs/shelf/t.txt") == "two\n")
    }

    @Test func aMissingFileIsCreatedAndAnUntouchedOneIsNot() throws {
        home.expect(["edit", "caches", "new.json"], environment: ["EDITOR": "true"], status: 0)
        #expect(!home.exists("cache/shelf/new.json"))
        home.expect(["edit", "caches", "sub/new.json"], environment: try editor(["[1]"]), status: 0)
        #expect(home.read("cache/shelf/sub/new.json") == "[1]")
        #expect(nothingLeft())
    }

    /// Someone appends while the editor runs: the edit is refused (75), the stored file keeps the
    /// append, and the edited copy is kept where the message says, until when it says.
    @Test func aFileChangedMeanwhileIsNotOverwritten() throws {
        #expect(home.run(["save", "caches", "l.json"], stdin: "[1]").status == 0)
        let shelf = BuiltBinary.path
        guard FileManager.default.isExecutableFile(atPath: shelf) else { return }
        let env = ["EDITOR": "sh -c 'echo 5 | \"\(shelf)\" append caches l.json && echo \"[9]\" > \"$1\"' sh"]
        let result = home.expect(["edit", "caches", "l.json"], environment: env, status: 75)
        #expect(home.read("cache/shelf/l.json") == "[1,5]")
        #expect(result.stderr.contains("changed while you were editing it"))
        // Kept outside the store, in a private folder under TMPDIR, where the message says.
        let kept = home.allPaths().filter { $0.hasSuffix("/l.json") && $0.contains(".shelf-edit-") }
        #expect(kept.count == 1 && home.read(kept.first ?? "") == "[9]\n")
        #expect(kept.allSatisfy { $0.hasPrefix("tmp/") && result.stderr.contains("your version is kept in " + home.path($0)) })
        #expect(result.stderr.range(of: #"until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"#, options: .regularExpression) != nil, "\(result.stderr)")
    }

    /// On a terminal an invalid edit asks: e edits again, x discards.
    @Test(arguments: [("e\n", Int32(0), "{\"a\":3}"), ("x\n", Int32(65), "{\"a\":1}")])
    func onATerminalTheUserIsAsked(_ answer: String, _ status: Int32, _ stored: String) throws {
        #expect(home.run(["save", "caches", "s.json"], stdin: "{\"a\":1}").status == 0)
        let environment = home.environment.merging(try editor(["{\"a\":", "{\"a\":3}"])) { $1 }
        let terminal = try PseudoTerminal()
        _ = Array(answer.utf8).withUnsafeBytes { Glibc.write(terminal.master, $0.baseAddress, $0.count) }
        let out = CapturedFile()
        let result = CLI.run(arguments: ["edit", "caches", "s.json"], environment: environment,
                             stdin: terminal.slave, stdout: out.fd, stderr: terminal.slave)
        let shown = terminal.drain()
        #expect(result == status, "\(shown)")
        #expect(shown.contains("line 1, column 6"))
        #expect(shown.contains("e to edit again, x to discard"))
        #expect(home.read("cache/shelf/s.json") == stored)
        #expect(nothingLeft())
    }
}
