import Testing
@testable import ShelfCLI

@Suite struct UsageTests {
    let home = TestHome()

    /// Wrong words: the usage line names the command when there is one.
    static let wrongWords: [[String]] = [
        [], ["frobnicate"], ["save"], ["save", "caches"], ["retrieve", "caches", "a", "b"], ["save", "caches", "a", "--bogus"],
        ["--bogus"], ["save", "nowhere", "a"], ["save", "sharedContainer", "a"], ["--app"], ["save", "caches", "a", "--file"],
        ["remove", "caches", "a", "-x"], ["exists", "caches", "a", "--raw"], ["save", "caches", "a", "--raw=yes"],
        ["list"], ["list", "nowhere"], ["list", "caches", "a", "b"], ["list", "caches", "--long=yes"], ["list", "caches", "-x"],
        ["do-not-backup", "documents"], ["backup", "nowhere", "x"], ["do-not-backup", "documents", "a", "b"],
        ["capacity", "nowhere"], ["capacity", "caches", "extra"], ["sync", "--json", "caches"], ["sync", "--json", "caches", "u", "--key"],
        ["sync", "--json", "caches", "u", "--key="], ["sync", "--json", "nowhere", "u"], ["move"], ["move", "caches", "a"],
        ["move", "caches", "a", "nowhere"], ["move", "caches", "a", "documents", "new", "extra"],
        ["append", "caches", "a", "--each", "--raw"],
    ]

    /// A stored path that could leave the namespace: the library's refusal (a group name, when its folder is
    /// resolved: PathDirsTests.dirsAndCapacityRefuseABadGroupAndDirsAMissingHome).
    static let invalidNames: [[String]] = [
        ["list", "caches", "../x"], ["list", "caches", ".shelf-tmp-1"], ["backup", "documents", "../x"], ["save", "caches", "../x"],
        ["exists", "caches", "../etc/passwd"], ["sync", "--json", "caches", "../up"], ["copy", "caches", "a", "documents", "/abs"],
    ]

    /// A bad value or a refused combination.
    static let badValues: [[String]] = [
        ["save", "caches", "a\u{1}b"], ["clear", "caches", "--older-than", "7y"], ["save", "caches", "a", "--print-path", "--json"],
        ["save", "caches", "a", "--expires-in", "1h", "--expires-at", "2030-01-01T00:00:00Z"], ["list", "caches", "--null", "--json"],
        ["clear", "caches", "-0"], ["sync", "caches", "f", "--key", ""], ["capacity", "--human", "--json"], ["completions", "tcsh"],
        ["help", "nothing"],
    ]

    static let refusals: [([String], String)] = wrongWords.map { words in
        (words, "usage: shelf" + (CommandTable.command(named: words.first ?? "") == nil ? "" : " " + words[0]))
    } + invalidNames.map { ($0, "invalid name") } + badValues.map { ($0, "shelf: ") }

    /// Refused while parsing, before any I/O (issue 13 part 3), for commands of every kind: nothing is
    /// created, not even the namespace folder; 64 and the message on standard error, standard output
    /// empty (with --json the error object, docs/json-output.md, Errors).
    @Test(arguments: refusals)
    func wrongWordsAreRefusedBeforeAnyIO(_ arguments: [String], _ message: String) {
        #expect(throws: (any Error).self) { try ArgumentParser.parse(arguments) }
        let result = home.expect(arguments, stdin: "[]", status: 64, saying: message)
        #expect(arguments.contains("--json") ? result.stdout.hasPrefix(#"{"error":{"#) : result.stdout.isEmpty, "\(result.stdout)")
        #expect(home.allPaths() == ["run"], "\(arguments)")
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
        #expect(!home.exists("cache/shelf/a.txt"))
    }

    /// Each way of asking gives the command's help: its usage, every argument and every option as
    /// it is spelled, its exit statuses. Help wins over other errors (a word that is no directory).
    @Test(arguments: CommandTable.all.map(\.name))
    func everyCommandHasHelpOnStdout(_ name: String) throws {
        let spec = try #require(CommandTable.command(named: name))
        for arguments in [[name, "--help"], [name, "-h"], ["help", name], [name, "nowhere", "--help"]] {
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
