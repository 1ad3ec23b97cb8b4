import ShelfCore

/// What a positional argument or an option's value holds; the shell completions offer
/// candidates by it: directory names, paths stored in the chosen directory, command names,
/// shell names, files of the file system (`file`), app names present (`app`), programs on PATH
/// and then their arguments as files (`program`, the words after `--`), or nothing (`text`).
enum ArgumentKind: Sendable {
    case directory, storedPath, text, command, shell, file, app, program
}

/// Turns one word into a declared value (`ArgumentValue.parse`), erased so that one table holds
/// arguments of every type; the second parameter is how the word is named in messages.
typealias WordParser = @Sendable (Argument, String) throws -> any Sendable

/// One positional argument of a command, as the table, help, man page and completions see it.
/// Made by a declaration (`Positional`, `OptionalPositional`), which also reads its value.
struct ArgumentSpec: Sendable {
    let name: String
    let help: String
    var optional = false
    /// Takes every remaining word (one at least unless `optional`); only the last argument may.
    var repeats = false
    var kind: ArgumentKind = .text
    let parse: WordParser
    /// Takes every word from its first one on (a program and its arguments, after the others):
    /// none of them is read as an option of shelf. Only the last argument of a command may.
    var rest = false

    /// `<path>`, `[<folder>]`, `<path>...`, as usage lines show it; for the rest of the line
    /// `-- <name> [<argument>…]`.
    var synopsis: String {
        guard !rest else { return optional ? "[-- <\(name)> [<argument>…]]" : "-- <\(name)> [<argument>…]" }
        let word = "<\(name)>" + (repeats ? "..." : "")
        return optional ? "[" + word + "]" : word
    }
}

/// One option. `value` names its argument (`SRC`); nil makes it a flag. Made by a declaration
/// (`Flag`, `Option`), which also reads its value.
struct OptionSpec: Sendable {
    let name: String
    var short: Character? = nil
    var value: String? = nil
    let help: String
    /// What the value is, for completion (`--file` completes files).
    var valueKind: ArgumentKind = .text
    /// Reads the value; nil for a flag.
    var parse: WordParser? = nil

    var spelling: String {
        let long = "--" + name + (value.map { " " + $0 } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }
}

/// A command: its entry in the table, the typed value the parser makes of its words, and what
/// running it does. A new command is a type conforming to this, listed in `CommandTable.commands`.
protocol Command: Sendable {
    /// The word that runs it: read without building `spec`, so that a run builds the
    /// specification of its own command only (each is generic declarations the Swift runtime
    /// instantiates at start-up).
    static var commandName: String { get }
    /// Everything parsing, help, the man page and completions need.
    static var spec: CommandSpec { get }
    /// The command's value, from words already checked and converted to their declared types;
    /// throws `UsageError` for combinations it refuses. Does no I/O.
    init(_ words: ParsedWords) throws
    /// Does the work; returns the exit status. Output goes to `context.stdout`, which the caller
    /// flushes and checks: a failed write is reported there, never here.
    func run(_ context: Context) throws -> Int32
    /// Whether a successful run changes what is stored: when its output is then lost, the
    /// message says that the change was made all the same.
    var changesStorage: Bool { get }
}

extension Command {
    var changesStorage: Bool { Self.spec.writes }
}

/// Something a command may destroy, and the option without which it does not: the table-driven
/// test of every command × what it may destroy runs each entry (Tests/ShelfCLITests/DestroyTableTests).
struct Hazard: Sendable {
    /// What is lost, in a few words ("a non-empty folder").
    let destroys: String
    /// The option that allows it (`recursive`); nil when doing it is the command's purpose, as
    /// `save` replaces a file the way `>` does.
    let consent: String?
}

/// One subcommand: everything parsing, help, the man page and completions need.
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
    /// Every status it may exit with, in ascending order: `ExitCode.everyCommand` and those it
    /// declares. Its `--help` lists these and no other (UsageTests check them against real runs).
    let statuses: [Int32]
    /// What it may destroy (empty: nothing already stored is removed or replaced).
    var hazards: [Hazard] = []
    /// Makes the command's typed value from its parsed words.
    let make: @Sendable (ParsedWords) throws -> any Command

    init<C: Command>(_ command: C.Type, name: String, summary: String, arguments: [any ArgumentDeclaration],
                     options: [any OptionDeclaration], discussion: String, examples: [String] = [],
                     writes: Bool = false, hidden: Bool = false, statuses: [Int32],
                     hazards: [Hazard] = []) {
        self.name = name
        self.summary = summary
        self.arguments = arguments.map(\.argumentSpec)
        self.options = options.map(\.optionSpec)
        self.discussion = discussion
        self.examples = examples
        self.writes = writes
        self.hidden = hidden
        self.statuses = Set(ExitCode.everyCommand + statuses).sorted()
        self.hazards = hazards
        make = { try C($0) }
    }

    /// Options every command accepts, after its own.
    static var common: [OptionSpec] { CommonOptions.all.map(\.optionSpec) }

    /// Options before the command name (`shelf --app NAME save …`); the parser's first loop
    /// reads these, and help, the man page and the completions list them.
    static var global: [OptionSpec] { GlobalOptions.all.map(\.optionSpec) }

    var allOptions: [OptionSpec] { options + CommandSpec.common }

    /// Whether the command takes this very option (a shared one, such as `--force`), not just
    /// one of the same name: `remove --force` is not `move --force`.
    func declares(_ option: some OptionDeclaration) -> Bool {
        let wanted = option.optionSpec
        return allOptions.contains { $0.name == wanted.name && $0.short == wanted.short && $0.help == wanted.help }
    }

    /// `shelf save <directory> <path> [options]`
    var synopsis: String {
        let args = arguments.filter { !$0.rest }.map(\.synopsis)
        let rest = arguments.filter(\.rest).map(\.synopsis)
        return (["shelf", name] + args + (options.isEmpty ? [] : ["[options]"]) + rest).joined(separator: " ")
    }
}
