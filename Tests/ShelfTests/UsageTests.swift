import Testing
@testable import ShelfCLI

@Suite struct UsageTests {
    let home = TestHome()

    @Test(arguments: [
        [], ["frobnicate"], ["save"], ["save", "caches"], ["retrieve", "caches", "a", "b"], ["save", "caches", "a", "--bogus"],
        ["--bogus"], ["save", "nowhere", "a"], ["save", "sharedContainer", "a"], ["--app"], ["save", "caches", "a", "--file"],
        ["remove", "caches", "a", "-x"], ["exists", "caches", "a", "--raw"], ["save", "caches", "a", "--raw=yes"],
        ["list"], ["list", "nowhere"], ["list", "caches", "a", "b"], ["list", "caches", "--long=yes"], ["list", "caches", "-x"],
        ["do-not-backup", "documents"], ["backup", "nowhere", "x"], ["do-not-backup", "documents", "a", "b"],
        ["capacity", "nowhere"], ["capacity", "caches", "extra"], ["sync", "--json", "caches"], ["sync", "--json", "caches", "u", "--key"],
        ["sync", "--json", "caches", "u", "--key="], ["sync", "--json", "nowhere", "u"],
    ])
    func wrongWordsGiveUsageOnStderrAndStatus64(_ arguments: [String]) {
        let result = home.expect(arguments, status: 64)
        // With --json the refusal is the error object (docs/json-output.md, Errors), else nothing.
        #expect(arguments.contains("--json") ? result.stdout.hasPrefix(#"{"error":"#) : result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains("usage: shelf"))
        #expect(home.allPaths() == ["run"])
    }

    /// A stored path or a group name that could leave the namespace, for commands of every kind.
    @Test(arguments: [["list", "caches", "../x"], ["list", "caches", ".shelf-tmp-1"], ["backup", "documents", "../x"],
                      ["exists", "caches", "../etc/passwd"], ["capacity", "sharedContainer:.."], ["sync", "--json", "caches", "../up"]])
    func invalidNamesAreStatus64AndMakeNothing(_ arguments: [String]) {
        let result = home.expect(arguments, stdin: "[]", status: 64, saying: "invalid name")
        #expect(arguments.contains("--json") ? result.stdout.hasPrefix(#"{"error":"#) : result.stdout.isEmpty, "\(result.stdout)")
        #expect(home.allPaths() == ["run"])
    }

    /// Found by the reliability battery's argv fuzzing: a word with a newline or an escape sequence
    /// was quoted as it was, splitting the message and reaching the terminal.
    @Test(arguments: [["bad\ncommand"], ["save", "caches", "a", "b\nc"], ["save", "\u{1B}[2J", "a"], ["save", "caches", "a", "--\u{7}x"]])
    func quotedWordsStayOnOneLineWithoutControlCharacters(_ arguments: [String]) {
        let result = home.expect(arguments, status: 64)
        let first = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        #expect(first.hasPrefix("shelf: "))
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F })
        #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("shelf: ") || $0.hasPrefix("usage: ") || $0.hasPrefix("Run 'shelf") })
    }

    @Test func aMissingInputFileWithANewlineIsNamedOnOneLine() {
        let result = home.expect(["save", "caches", "a.txt", "--file", "no\nsuch"], status: 66, saying: "no\\nsuch")
        #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("shelf: ") })
    }

    /// Each way of asking gives the command's help: its usage, every argument and every option as
    /// it is spelled, its exit statuses.
    @Test(arguments: CommandTable.all.map(\.name))
    func everyCommandHasHelpOnStdout(_ name: String) throws {
        let spec = try #require(CommandTable.command(named: name))
        for arguments in [[name, "--help"], [name, "-h"], ["help", name]] {
            let result = home.expect(arguments, status: 0)
            #expect(result.stdout.hasPrefix("Usage: shelf \(name)"))
            for argument in spec.arguments { #expect(result.stdout.contains("<\(argument.name)>"), "\(name) <\(argument.name)>") }
            for option in spec.allOptions { #expect(result.stdout.contains(option.spelling), "\(name) \(option.spelling)") }
            #expect(result.stdout.contains("Exit status:"))
            #expect(result.stderr.isEmpty)
        }
    }

    /// The global options that help, the man page and the completions list are the ones the parser takes.
    @Test func everyGlobalOptionOfTheTableIsAccepted() {
        for option in CommandSpec.global {
            for spelling in ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? []) {
                // A value of the option's type (--root takes an absolute folder).
                let words = [spelling] + (option.value == nil ? [] : [option.name == "root" ? "/x" : "x"]) + ["--version"]
                let result = home.expect(words, status: 0)
                #expect(!result.stdout.isEmpty)
            }
        }
    }

    @Test func helpWinsOverOtherErrors() {
        #expect(home.run(["save", "nowhere", "--help"]).status == 0)
    }

    @Test func overviewListsEveryCommand() {
        let result = home.expect(["--help"], status: 0)
        for command in CommandTable.visible { #expect(result.stdout.contains("  \(command.name) ")) }
        #expect(!result.stdout.contains("__complete"))
        // Nor is the hidden helper suggested (the suggestions themselves: HintTests.familiarWordsGetShelfsWord).
        #expect(!home.run(["__complete"]).stderr.contains("did you mean"))
        #expect(home.run(["help"]).stdout == result.stdout)
    }

    @Test func versionPrintsOnStdout() {
        let result = home.expect(["--version"], status: 0)
        #expect(result.stdout == "shelf \(CLI.version)\n")
    }

    @Test func doubleDashAllowsNamesStartingWithADash() {
        #expect(home.run(["save", "caches", "--", "-n.txt"], stdin: "dash").status == 0)
        #expect(home.run(["retrieve", "caches", "--", "-n.txt"]).stdout == "dash")
    }

    @Test func optionsMayComeBeforeAfterAndBetweenArguments() {
        #expect(home.run(["save", "--print-path", "caches", "--raw", "a.json", "--app=other"], stdin: "not json").status == 0)
        #expect(home.read("cache/other/a.json") == "not json")
    }

    @Test func suggestionDistanceIsSmallForTyposOnly() {
        #expect(Suggestion.nearest(to: "lsit", in: ["list", "save"]) == "list")
        #expect(Suggestion.nearest(to: "zzzzzz", in: ["list", "save"]) == nil)
        // A unique beginning is completed; an ambiguous or one-letter one is not.
        #expect(Suggestion.nearest(to: "ret", in: ["retrieve", "remove", "rename"]) == "retrieve")
        #expect(Suggestion.nearest(to: "re", in: ["retrieve", "remove", "rename"]) == nil)
        #expect(Suggestion.nearest(to: "--print", in: ["--print-path", "--raw"]) == "--print-path")
        #expect(Suggestion.nearest(to: "--p", in: ["--print-path", "--raw"]) == nil)
    }
}
