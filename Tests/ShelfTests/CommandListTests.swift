import Testing
@testable import ShelfCLI
@testable import shelf_reliability

/// One list of commands (issue 23, "the command table all the way"): the reliability battery's
/// argv fuzzing draws its commands, their arguments and options, and the statuses it allows from
/// `CommandTable`, so a new command is fuzzed without a second list to remember.
@Suite struct CommandListTests {
    static let names = CommandTable.all.map(\.name)

    @Test func everyCommandOfTheTableIsFuzzed() {
        for name in CommandListTests.names {
            #expect(FuzzWords.commands.contains(name), "the argv fuzzing never tries '\(name)'")
        }
        #expect(Set(FuzzWords.grammar.keys) == Set(CommandListTests.names))
    }

    /// The closed-descriptor and unwritable-output groups run each of these: every command a
    /// person can type is among them.
    @Test func everyVisibleCommandHasAnInvocation() {
        let invoked = Set(Invocation.all.map { $0.arguments[0] })
        for spec in CommandTable.visible { #expect(invoked.contains(spec.name), "no battery invocation runs '\(spec.name)'") }
    }

    @Test func theFuzzedArgumentsAreTheTables() throws {
        let update = try #require(CommandTable.command(named: "update"))
        #expect(FuzzWords.grammar["update"]?.count == update.arguments.count)
        #expect(FuzzWords.grammar["update"]?.first == "dir")
        let options = try #require(FuzzWords.commandOptions["clear"])
        #expect(options.contains("--keep-newest") && options.contains("--older-than"))
        #expect(!options.contains("--root"), "the fuzzing must never point the store outside its sandbox")
    }

    /// Every status a command declares is allowed, but an internal error (70) never is.
    @Test func theAllowedStatusesAreTheTables() {
        for spec in CommandTable.all {
            for status in spec.statuses where status != ExitCode.software {
                #expect(ArgvFuzzScenarios.documented.contains(status), "\(spec.name) may exit \(status)")
            }
        }
        #expect(!ArgvFuzzScenarios.documented.contains(ExitCode.software))
    }
}
