import ShelfCore

/// What a positional argument or an option's value holds; the shell completions offer
/// candidates by it: directory names, paths stored in the chosen directory, command names,
/// shell names, files of the file system (`file`), or nothing (`text`).
enum ArgumentKind: Sendable {
    case directory, storedPath, text, command, shell, file
}

/// One positional argument of a command.
struct ArgumentSpec: Sendable {
    let name: String
    let help: String
    var optional = false
    var kind: ArgumentKind = .text
}

/// One option. `value` names its argument (`SRC`); nil makes it a flag.
struct OptionSpec: Sendable {
    let name: String
    var short: Character? = nil
    var value: String? = nil
    let help: String
    /// What the value is, for completion (`--file` completes files).
    var valueKind: ArgumentKind = .text

    var spelling: String {
        let long = "--" + name + (value.map { " " + $0 } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }
}

/// One subcommand: everything parsing, help, the man page and completions need.
/// Adding a command means adding one of these to `CommandTable.all`.
struct CommandSpec: Sendable {
    let name: String
    /// One line, shown in `shelf help`.
    let summary: String
    let arguments: [ArgumentSpec]
    let options: [OptionSpec]
    /// Paragraphs for `--help` and the man page.
    let discussion: String
    var examples: [String] = []
    /// Whether it writes: a folder in the way is then "cannot create" (73), not "not found" (66).
    var writes = false
    /// Left out of `shelf help`, the man page and the completions (helpers the completion scripts call).
    var hidden = false
    /// Checks the parsed arguments and does the work; returns the exit status.
    let run: @Sendable (Invocation, Context) throws -> Int32

    /// Options every command accepts, after its own.
    static let common: [OptionSpec] = [
        OptionSpec(name: "app", value: "NAME", help: "app namespace inside each directory (default: $SHELF_APP, else 'shelf')"),
        OptionSpec(name: "quiet", short: "q", help: "no progress line or notice on standard error; errors are still reported"),
        OptionSpec(name: "help", short: "h", help: "show this help and exit"),
    ]

    /// Options before the command name (`shelf --app NAME save …`); the parser's first loop
    /// reads these, and help, the man page and the completions list them.
    static let global: [OptionSpec] = [
        OptionSpec(name: "app", value: "NAME", help: "app namespace inside each directory (default: $SHELF_APP, else 'shelf')"),
        OptionSpec(name: "quiet", short: "q", help: "no progress line or notice on standard error (also after the command)"),
        OptionSpec(name: "json", help: "with --version, or before a command that has --json: print JSON"),
        OptionSpec(name: "help", short: "h", help: "show help (also: shelf help <command>, shelf <command> --help)"),
        OptionSpec(name: "version", help: "print the version"),
        OptionSpec(name: "generate-manpage", help: "print the man page (roff) built from the command table"),
    ]

    var allOptions: [OptionSpec] { options + CommandSpec.common }

    /// `shelf save <directory> <path> [options]`
    var synopsis: String {
        let args = arguments.map { $0.optional ? "[<\($0.name)>]" : "<\($0.name)>" }
        return (["shelf", name] + args + (options.isEmpty ? [] : ["[options]"])).joined(separator: " ")
    }
}
