/// `shelf help [<command>]`.
struct HelpCommand: Command {
    static let command = OptionalPositional<CommandName>("command", help: "the command to explain")

    static let commandName = "help"

    static let spec = CommandSpec(
        HelpCommand.self,
        name: commandName,
        summary: "show help for shelf or for one command",
        arguments: [command],
        options: [],
        discussion: "",
        examples: ["shelf help save"],
        statuses: [])

    /// A command of the table, by its name.
    struct CommandName: ArgumentValue {
        let spec: CommandSpec

        static var kind: ArgumentKind { .command }

        static func parse(_ word: Argument, as spelling: String) throws -> CommandName {
            let name = word.description
            if let spec = CommandTable.command(named: name) { return CommandName(spec: spec) }
            let hint = Suggestion.nearest(to: name, in: CommandTable.visible.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("no command '\(name)'\(hint)")
        }
    }

    let command: CommandSpec?

    init(_ words: ParsedWords) throws {
        command = words[Self.command]?.spec
    }

    func run(_ context: Context) throws -> Int32 {
        context.stdout.write(command.map(HelpText.command) ?? HelpText.overview)
        return ExitCode.success
    }
}
