import Foundation
import Glibc
import Testing
@testable import ShelfCLI

/// Issue 22 item 13: every command that takes `--json` prints one document in one shape: one
/// JSON value on one line, also when it fails (an error object whose status is the exit
/// status); every `path` absolute; every time in seconds with its `…At` text beside it (the same
/// text `list -l` prints: ExpiryTests.listMarksExpiredFiles, ListTests); every key documented in
/// docs/json-output.md.
@Suite struct JSONShapeTests {
    struct Case: Sendable, CustomStringConvertible {
        let words: [String]
        var stdin = ""
        var environment: [String: String] = [:]
        var description: String { words.joined(separator: " ") }
    }

    static let path = ["PATH": "/usr/bin:/bin"]
    static let editor = ["EDITOR": "sh -c 'echo z > \"$1\"' sh", "PATH": "/usr/bin:/bin"]

    /// A run that works, for every command with `--json`, in the store of `TestHome.withFailureFixtures`;
    /// the runs that fail are ExitStatusTests' cases with `--json` (checked by `checkError`).
    static let cases: [String: Case] = [
        "save": Case(words: ["save", "caches", "n.json", "--json", "--expires-in", "1h"], stdin: "{}"),
        "update": Case(words: ["update", "caches", "f", "--json", "--", "cat"], environment: path),
        "edit": Case(words: ["edit", "caches", "f", "--json"], environment: editor),
        "append": Case(words: ["append", "caches", "a.json", "--json"], stdin: "2"),
        "remove": Case(words: ["remove", "caches", "f", "a.json", "--json"]),
        "move": Case(words: ["move", "caches", "f", "documents", "--json"]),
        "copy": Case(words: ["copy", "caches", "f", "documents", "--json"]),
        "rename": Case(words: ["rename", "caches", "f", "g", "--json"]),
        "clear": Case(words: ["clear", "caches", "--json", "--dry-run"]),
        "list": Case(words: ["list", "caches", "--json", "--recursive"]),
        "path": Case(words: ["path", "caches", "x", "--json"]),
        "dirs": Case(words: ["dirs", "--json"]),
        "apps": Case(words: ["apps", "--json"]),
        "capacity": Case(words: ["capacity", "caches", "--json"]),
        "sync": Case(words: ["sync", "caches", "s", "--json"], stdin: "[{\"id\":\"a\"}]"),
        "du": Case(words: ["du", "caches", "--json", "--by-folder"]),
    ]

    /// The one document on standard output.
    static func document(_ stdout: String, _ test: Case) throws -> Any {
        #expect(stdout.hasSuffix("\n") && stdout.dropLast().split(separator: "\n", omittingEmptySubsequences: false).count == 1,
                "\(test): one line: \(stdout)")
        return try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
    }

    /// Every `path` absolute; every time in seconds has its `…At` text, and the reverse.
    static func checkShape(_ value: Any, _ test: Case) {
        if let array = value as? [Any] { array.forEach { checkShape($0, test) }; return }
        guard let object = value as? [String: Any] else { return }
        for (key, member) in object {
            if key == "path", let text = member as? String { #expect(text.hasPrefix("/"), "\(test): path \(text) is not absolute") }
            if ["modified", "expires"].contains(key) { #expect(object.keys.contains(key + "At"), "\(test): \(key) without \(key)At") }
            if key.hasSuffix("At") { #expect(object.keys.contains(String(key.dropLast(2))), "\(test): \(key) alone") }
            checkShape(member, test)
        }
    }

    @Test(arguments: CommandTable.all.filter { $0.allOptions.contains { $0.name == "json" } }.map(\.name))
    func oneDocumentInOneShapeAlsoOnFailure(_ name: String) throws {
        let test = try #require(JSONShapeTests.cases[name], "no --json cases for \(name)")
        let works = try TestHome.withFailureFixtures().run(test.words, stdin: test.stdin, environment: test.environment)
        #expect(works.status == 0, "\(test): \(works.stderr)")
        let value = try JSONShapeTests.document(works.stdout, test)
        JSONShapeTests.checkShape(value, test)
        // Each key of the object (of each object, for list) is documented in its section of docs/json-output.md.
        let section = try #require(try Subprocess.read("docs/json-output.md").components(separatedBy: "\n## ").first { $0.hasPrefix(name + "\n") },
                                   "docs/json-output.md has no '## \(name)' section")
        let objects = try #require(value as? [[String: Any]] ?? (value as? [String: Any]).map { [$0] }, "\(test): \(works.stdout)")
        for key in objects.flatMap(\.keys) { #expect(section.contains("`\(key)`"), "\(name): key \(key) is not documented") }
        #expect(ExitStatusTests.cases[name]?.contains { $0.words.contains("--json") && !$0.fullOutput } == true,
                "no failure of \(name) with --json in ExitStatusTests.cases")
    }

    /// A failure with `--json` (ExitStatusTests runs it): one error object whose status is the exit status.
    static func checkError(_ fails: CLIResult, _ test: ExitStatusTests.Case, command name: String) throws {
        let test = Case(words: test.words)
        #expect(fails.status != 0, "\(test)")
        let document = try #require(try JSONShapeTests.document(fails.stdout, test) as? [String: Any])
        let error = try #require(document["error"] as? [String: Any], "\(test): \(fails.stdout)")
        #expect(error["status"] as? Int == Int(fails.status))
        #expect(error["command"] as? String == name)
        let message = try #require(error["message"] as? String)
        #expect(!message.isEmpty && fails.stderr.contains(message.prefix(30)), "\(test): \(message) vs \(fails.stderr)")
    }

    @Test func removeOfSeveralPathsIsOneDocumentWithItsFailures() throws {
        let home = try TestHome.withFailureFixtures()
        let result = home.expect(["remove", "caches", "f", "nope", "a.json", "--json"], status: 66)
        let document = try #require(try JSONShapeTests.document(result.stdout, Case(words: ["remove"])) as? [String: Any])
        let removed = try #require(document["paths"] as? [[String: Any]])
        #expect(removed.map { $0["name"] as? String } == ["f", "a.json"])
        #expect(removed.allSatisfy { ($0["path"] as? String)?.hasPrefix(home.path("cache/shelf/")) == true })
        #expect(removed.allSatisfy { $0["removed"] as? Bool == true })
        let failed = try #require(document["failed"] as? [[String: Any]])
        #expect(failed.map { $0["name"] as? String } == ["nope"])
        #expect((failed.first?["error"] as? [String: Any])?["status"] as? Int == 66)
    }

    @Test func aUsageErrorWithJSONIsAnErrorObjectToo() throws {
        let home = TestHome()
        let result = home.expect(["remove", "caches", "--json"], status: 64)
        let error = try #require((try JSONShapeTests.document(result.stdout, Case(words: ["remove"])) as? [String: Any])?["error"] as? [String: Any])
        #expect(error["status"] as? Int == 64 && error["command"] as? String == "remove")
        // A command without --json refuses the word and prints no document.
        #expect(home.run(["retrieve", "caches", "x", "--json"]).stdout.isEmpty)
    }
}
