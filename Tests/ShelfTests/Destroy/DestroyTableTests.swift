import Testing
@testable import ShelfCLI
@testable import ShelfCore

/// Every command × what it may destroy (`CommandSpec.hazards`), run from the command table: a
/// command that writes and is missing here, or a hazard without its case, fails the suite, so a
/// new command cannot be forgotten. Each case shows the thing kept without its option (and by
/// --dry-run, where the command has one), and destroyed with it.
@Suite struct DestroyTableTests {
    /// One hazard of one command, made to happen.
    struct Case {
        /// Commands (with standard input) that make the thing there is to destroy.
        var setup: [([String], String)]
        /// The command without the option that allows the destruction.
        var arguments: [String]
        var stdin = ""
        var environment: [String: String] = [:]
        /// The status without the option: a refusal, or 0 where the command does something else
        /// instead (copy --force merges instead of replacing the folder whole).
        var refused: Int32 = 0
        /// A file (relative to the test home) that holds `kept` until the destruction.
        var witness: String
        var kept: String
    }

    /// By command name, then by the option of the hazard (nil: what the command is for).
    static let cases: [String: [String?: Case]] = [
        "clear": [
            "all": Case(setup: [(["save", "documents", "n/a.txt"], "keep")], arguments: ["clear", "documents"], refused: 64,
                        witness: "docs/shelf/n/a.txt", kept: "keep"),
            nil: Case(setup: [(["save", "caches", "c.txt"], "keep")], arguments: ["clear", "caches"], witness: "cache/shelf/c.txt", kept: "keep"),
        ],
        "remove": [
            "recursive": Case(setup: [(["save", "caches", "t/a"], "keep")], arguments: ["remove", "caches", "t"], refused: 64,
                              witness: "cache/shelf/t/a", kept: "keep"),
            nil: Case(setup: [(["save", "caches", "f.txt"], "keep")], arguments: ["remove", "caches", "f.txt"], witness: "cache/shelf/f.txt", kept: "keep"),
        ],
        "move": transferCases("move", ["move", "caches", "f.txt", "documents"], ["move", "caches", "d", "documents", "--force"], folderRefused: 73),
        "copy": transferCases("copy", ["copy", "caches", "f.txt", "documents"], ["copy", "caches", "d", "documents", "--force"], folderRefused: 0),
        "rename": [
            "force": Case(setup: [(["save", "caches", "a.txt"], "new"), (["save", "caches", "f.txt"], "keep")],
                          arguments: ["rename", "caches", "a.txt", "f.txt"], refused: 73, witness: "cache/shelf/f.txt", kept: "keep"),
            "replace-folder": Case(setup: [(["save", "caches", "d/x"], "new"), (["save", "caches", "e/only"], "keep")],
                                   arguments: ["rename", "caches", "d", "e", "--force"], refused: 73, witness: "cache/shelf/e/only", kept: "keep"),
        ],
        "sync": [
            "allow-empty": Case(setup: [(["save", "applicationSupport", "u/1.json"], "{\"id\":\"1\"}")],
                                arguments: ["sync", "applicationSupport", "u"], stdin: "[]", refused: 65,
                                witness: "data/shelf/u/1.json", kept: "{\"id\":\"1\"}"),
            nil: Case(setup: [(["save", "applicationSupport", "u/1.json"], "{\"id\":\"1\"}")],
                      arguments: ["sync", "applicationSupport", "u"], stdin: "[{\"id\":\"2\"}]", witness: "data/shelf/u/1.json", kept: "{\"id\":\"1\"}"),
        ],
        "append": [
            "wrap": Case(setup: [(["save", "documents", "c.json"], "{\"theme\":\"dark\"}")], arguments: ["append", "documents", "c.json"],
                         stdin: "{\"e\":1}", refused: 65, witness: "docs/shelf/c.json", kept: "{\"theme\":\"dark\"}"),
        ],
        "save": [nil: Case(setup: [(["save", "caches", "s.txt"], "keep")], arguments: ["save", "caches", "s.txt"], stdin: "new",
                           witness: "cache/shelf/s.txt", kept: "keep")],
        "update": [nil: Case(setup: [(["save", "caches", "s.txt"], "keep")], arguments: ["update", "caches", "s.txt", "--", "tr", "k", "K"],
                             witness: "cache/shelf/s.txt", kept: "keep")],
        "edit": [nil: Case(setup: [(["save", "caches", "s.txt"], "keep")], arguments: ["edit", "caches", "s.txt"],
                           environment: ["EDITOR": "sed -i s/keep/gone/"], witness: "cache/shelf/s.txt", kept: "keep")],
        // They change a flag, not what is stored.
        "backup": [:],
        "do-not-backup": [:],
    ]

    /// move, copy: a file at the target (--force), and what only a target folder holds (--replace-folder).
    static func transferCases(_ name: String, _ file: [String], _ folder: [String], folderRefused: Int32) -> [String?: Case] {
        [
            "force": Case(setup: [(["save", "caches", "f.txt"], "new"), (["save", "documents", "f.txt"], "keep")], arguments: file,
                          refused: 73, witness: "docs/shelf/f.txt", kept: "keep"),
            "replace-folder": Case(setup: [(["save", "caches", "d/x"], "new"), (["save", "documents", "d/only"], "keep")], arguments: folder,
                                   refused: folderRefused, witness: "docs/shelf/d/only", kept: "keep"),
        ]
    }

    @Test func everyCommandThatWritesIsInTheTable() {
        for spec in CommandTable.all where spec.writes || !spec.hazards.isEmpty {
            #expect(Self.cases[spec.name] != nil, "\(spec.name) writes: add what it may destroy to DestroyTableTests.cases")
        }
    }

    /// (That each hazard's option is declared: theHazardHappensOnlyWithItsOption runs it, and an undeclared one is a usage error.)
    @Test func everyHazardHasACase() {
        for spec in CommandTable.all {
            #expect(Set(spec.hazards.map(\.consent)) == Set((Self.cases[spec.name] ?? [:]).keys), "\(spec.name): hazards and cases differ")
        }
    }

    /// Every command that removes or replaces files with an option to allow it can also show what it would do.
    @Test func everyCommandThatRemovesOrReplacesHasADryRun() {
        for spec in CommandTable.all where ["clear", "remove", "move", "copy", "rename", "sync"].contains(spec.name) {
            #expect(spec.options.contains { $0.name == "dry-run" }, "\(spec.name) has no --dry-run")
        }
    }

    @Test(arguments: CommandTable.all.flatMap { spec in spec.hazards.map { (spec.name, $0.consent) } }.map { "\($0.0) \($0.1 ?? "-")" })
    func theHazardHappensOnlyWithItsOption(_ label: String) throws {
        let words = label.split(separator: " ").map(String.init)
        let (name, consent) = (words[0], words[1] == "-" ? nil : words[1])
        let spec = try #require(CommandTable.command(named: name))
        let item = try #require(Self.cases[name]?[consent])
        let home = TestHome()
        for (arguments, input) in item.setup { #expect(home.run(arguments, stdin: input).status == 0, "\(arguments)") }
        func run(_ extra: [String]) -> CLIResult { home.run(item.arguments + extra, stdin: item.stdin, environment: item.environment) }
        guard let consent else {
            let done = run([])
            #expect(done.status == 0, "\(label): \(done.stderr)")
            #expect(home.read(item.witness) != item.kept, "\(label): nothing was destroyed")
            return
        }
        let refused = run([])
        #expect(refused.status == item.refused, "\(label): \(refused.stderr)")
        #expect(home.read(item.witness) == item.kept, "\(label): destroyed without --\(consent)")
        if spec.options.contains(where: { $0.name == "dry-run" }) {
            let dry = run(["--\(consent)", "--dry-run"])
            #expect(dry.status == 0 && !dry.stdout.isEmpty, "\(label) --dry-run: \(dry.stderr)")
            #expect(home.read(item.witness) == item.kept, "\(label): destroyed by --dry-run")
        }
        let allowed = run(["--\(consent)"])
        #expect(allowed.status == 0, "\(label) --\(consent): \(allowed.stderr)")
        #expect(home.read(item.witness) != item.kept, "\(label): --\(consent) destroyed nothing")
    }
}
