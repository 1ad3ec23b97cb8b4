/// `shelf completions bash|zsh|fish`: the completion script for a shell, built from the table.
struct CompletionsCommand: Command {
    static let shell = Positional<Shell>("shell", help: "bash, zsh or fish")

    static let commandName = "completions"

    static let spec = CommandSpec(
        CompletionsCommand.self,
        name: commandName,
        summary: "print the completion script for <shell> (bash, zsh or fish)",
        arguments: [shell],
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
        statuses: [])

    /// A shell there is a script for.
    enum Shell: String, CaseIterable, ArgumentValue {
        case bash, zsh, fish

        static var kind: ArgumentKind { .shell }

        static func parse(_ word: Argument, as spelling: String) throws -> Shell {
            if let shell = word.text.flatMap(Shell.init(rawValue:)) { return shell }
            let names = allCases.map(\.rawValue)
            let hint = Suggestion.nearest(to: word.description, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("no completions for '\(word)'\(hint) (bash, zsh or fish)")
        }
    }

    static var shells: [String] { Shell.allCases.map(\.rawValue) }

    let shell: Shell

    init(_ words: ParsedWords) throws {
        shell = try words[Self.shell]
    }

    func run(_ context: Context) throws -> Int32 {
        switch shell {
        case .bash: context.stdout.write(BashCompletion.script())
        case .zsh: context.stdout.write(ZshCompletion.script())
        case .fish: context.stdout.write(FishCompletion.script())
        }
        return ExitCode.success
    }
}
