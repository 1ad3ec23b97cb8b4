/// `shelf completions bash|zsh|fish`: the completion script for a shell, built from the table.
enum CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions",
        summary: "print the completion script for <shell> (bash, zsh or fish)",
        arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish", kind: .shell)],
        options: [],
        discussion: """
            The scripts complete command names, options, directory names, the paths stored in the
            chosen directory (under the app of any --app already typed) and, for --file, files.
            'make install' puts them where each shell looks; to try one in the current shell:
            bash: source <(shelf completions bash); zsh: source <(shelf completions zsh);
            fish: shelf completions fish | source.
            """,
        examples: [
            "source <(shelf completions bash)",
            "mkdir -p ~/.config/fish/completions && shelf completions fish > ~/.config/fish/completions/shelf.fish",
        ],
        run: run)

    static let shells = ["bash", "zsh", "fish"]

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        switch invocation.positionals[0].description {
        case "bash": context.stdout.write(BashCompletion.script())
        case "zsh": context.stdout.write(ZshCompletion.script())
        case "fish": context.stdout.write(FishCompletion.script())
        case let other:
            let hint = Suggestion.nearest(to: other, in: shells).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("no completions for '\(other)'\(hint) (bash, zsh or fish)", command: spec)
        }
        return ExitCode.success
    }
}
