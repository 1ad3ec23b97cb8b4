import Foundation
import Testing
@testable import ShelfCLI

/// `--json` everywhere it is offered: one object on one line, keys as docs/json-output.md says.
@Suite struct JSONOutputTests {
    let home = TestHome()

    func object(_ line: String) throws -> [String: Any] {
        #expect(line.hasSuffix("\n") && line.filter { $0 == "\n" }.count == 1, "one line: \(line)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func versionAsJSONInEitherOrder() throws {
        for arguments in [["--version", "--json"], ["--json", "--version"]] {
            let result = home.run(arguments)
            #expect(result.status == 0 && result.stderr.isEmpty)
            #expect(result.stdout == #"{"name":"shelf","version":"\#(CLI.version)"}"# + "\n")
        }
    }

    @Test func jsonBeforeTheCommandIsTheCommandsOwn() {
        #expect(home.run(["--json", "dirs"]).stdout == home.run(["dirs", "--json"]).stdout)
        home.expect(["--json", "exists", "caches", "a"], status: 64, saying: "'exists' has no --json option")
    }

    /// Arguments that make a command run in a fresh home: a directory, a path, a folder.
    static func sampleArguments(_ command: CommandSpec) -> [String] {
        command.arguments.filter { !$0.optional }.map { argument in
            switch argument.kind {
            case .directory: return "caches"
            case .storedPath: return "feeds"
            case .command: return "save"
            case .shell: return "bash"
            case .file, .text, .app, .program: return "x"
            }
        }
    }

    static var commandsWithJSON: [String] {
        CommandTable.visible.filter { $0.options.contains { $0.name == "json" } }.map(\.name)
    }

    /// Every command with --json prints one object whose keys are all documented in its section
    /// of docs/json-output.md, or, when it fails, nothing at all on standard output.
    @Test(arguments: commandsWithJSON)
    func everyJSONOutputIsOneDocumentedObject(_ name: String) throws {
        #expect(home.run(["save", "caches", "feeds/today.json"], stdin: #"{"a":1}"#).status == 0)
        #expect(home.run(["save", "caches", "top.txt"], stdin: "t").status == 0)
        let command = try #require(CommandTable.command(named: name))
        // `edit` gets an editor that changes the file (never a real one, which would wait for a person).
        // --json first: after update's program, every word is the program's.
        let result = home.run([name, "--json"] + JSONOutputTests.sampleArguments(command), stdin: "[]",
                              environment: ["EDITOR": "sh -c 'echo {\\\"b\\\":2} > \"$1\"' sh", "VISUAL": ""])
        let doc = try Subprocess.read("docs/json-output.md")
        let section = try #require(doc.components(separatedBy: "\n## ").first { $0.hasPrefix(name + "\n") },
                                   "docs/json-output.md has no '## \(name)' section")
        guard result.status == 0 else {
            // A failure prints its error object instead (docs/json-output.md, Errors).
            #expect(try object(result.stdout)["error"] != nil, "a failure prints the error object: \(result.stdout)")
            return
        }
        // One object, or for list one array of objects (docs/json-output.md says which).
        #expect(result.stdout.hasSuffix("\n") && result.stdout.filter { $0 == "\n" }.count == 1, "one line: \(result.stdout)")
        let value = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let objects = try #require(value as? [[String: Any]] ?? (value as? [String: Any]).map { [$0] }, "\(result.stdout)")
        for key in objects.flatMap(\.keys) { #expect(section.contains("`\(key)`"), "\(name): key \(key) is not documented") }
    }

    @Test func knownCommandsSucceedWithJSON() throws {
        for arguments in [["path", "caches", "a"], ["dirs", "--group", "g"], ["capacity", "temporary"], ["sync", "caches", "s"]] {
            let result = home.expect(arguments + ["--json"], stdin: "[]", status: 0)
            _ = try object(result.stdout)
        }
    }

    @Test func syncReportsThroughTheSameWriter() {
        let result = home.run(["sync", "applicationSupport", "u", "--json"], stdin: #"[{"id":"a\"b/c"}]"#)
        #expect(result.status == 65, "an id with '/' is refused before anything is written")
        let ok = home.run(["sync", "applicationSupport", "u", "--json"], stdin: #"[{"id":"é"},{"id":2}]"#)
        #expect(ok.stdout == #"{"added":["2","é"],"removed":[],"updated":[]}"# + "\n")
    }

    @Test func jsonTextEscapesAndNests() throws {
        let text = JSONText.object([
            ("s", .string("q\"b\\n\n\u{01}é/")), ("i", .integer(-5)), ("t", .bool(true)), ("f", .bool(false)),
            ("n", .null), ("a", .array([.integer(1), .strings(["x"])])), ("o", .object([("k", .array([]))])),
        ])
        #expect(text == #"{"s":"q\"b\\n\n\u0001é/","i":-5,"t":true,"f":false,"n":null,"a":[1,["x"]],"o":{"k":[]}}"#)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["s"] as? String == "q\"b\\n\n\u{01}é/")
    }

    @Test func quietNeverSilencesData() {
        let result = home.run(["dirs", "--json", "--quiet"])
        #expect(result.status == 0 && !result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(home.run(["-q", "path", "caches"]).stdout == home.run(["path", "caches"]).stdout)
    }
}

@Suite struct HumanSizeOptionTests {
    let home = TestHome()

    @Test func listHumanGivesBinaryUnitsAndImpliesLong() {
        #expect(home.run(["save", "documents", "big.bin"], stdinBytes: [UInt8](repeating: 1, count: 1536)).status == 0)
        let human = home.expect(["list", "--human", "documents"], status: 0)
        #expect(human.stdout.hasPrefix("1.5 KiB\t"), "\(human.stdout)")
        #expect(home.run(["list", "-l", "documents"]).stdout.hasPrefix("1536\t"))
        #expect(home.run(["list", "--human", "--json", "documents"]).status == 64)
    }

    @Test func listJSONIsOneArrayOnOneLine() {
        #expect(home.run(["list", "--json", "documents"]).stdout == "[]\n")
        #expect(home.run(["save", "documents", "a.txt"], stdin: "a").status == 0)
        let line = home.run(["list", "--json", "documents"]).stdout
        #expect(line.hasPrefix("[{\"name\":\"a.txt\",\"isFolder\":false,\"size\":1,") && line.hasSuffix("}]\n"))
    }
}
