/// `shelf help [<command>]`.
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help",
        summary: "show help for shelf or for one command",
        arguments: [ArgumentSpec(name: "command", help: "the command to explain", optional: true, kind: .command)],
        options: [],
        discussion: "",
        examples: ["shelf help save"],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        guard let name = invocation.argument(0) else {
            context.stdout.write(HelpText.overview)
            return ExitCode.success
        }
        guard let command = CommandTable.command(named: name) else {
            let hint = Suggestion.nearest(to: name, in: CommandTable.visible.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("no command '\(name)'\(hint)", command: spec)
        }
        context.stdout.write(HelpText.command(command))
        return ExitCode.success
    }
}
