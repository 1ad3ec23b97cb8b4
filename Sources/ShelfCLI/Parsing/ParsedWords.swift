/// The words of one command line after parsing: every positional argument and option value
/// already converted to the type its declaration names. A command reads them by declaration
/// (`words[Self.raw]`, `try words[Shared.path]`), never by name or position.
struct ParsedWords: Sendable {
    let command: CommandSpec
    // Arrays searched from the end (a later word wins, as for a repeated option), not dictionaries:
    // a command has a handful of words, and a dictionary's hashing and generic metadata were a
    // tenth of the parse at start-up.
    private var arguments: [Word] = []
    private var flags: [String] = []
    private var values: [Word] = []

    private struct Word: Sendable {
        let name: String
        let value: any Sendable
    }

    init(command: CommandSpec) {
        self.command = command
    }

    subscript(flag: Flag) -> Bool {
        assert(command.declares(flag), "'\(command.name)' reads --\(flag.optionSpec.name) without declaring it")
        return flags.contains(flag.optionSpec.name)
    }

    /// Whether a flag of this name was given, whichever declaration the command uses for it
    /// (every `--json` is one of several).
    func hasFlag(named name: String) -> Bool { flags.contains(name) }

    subscript<Value>(option: Option<Value>) -> Value? {
        assert(command.declares(option), "'\(command.name)' reads --\(option.optionSpec.name) without declaring it")
        return Self.value(option.optionSpec.name, in: values) as? Value
    }

    /// A required argument. It is always there once parsing succeeded; a command that reads one
    /// it did not declare gets an internal error (exit 70), which the tests of every command's
    /// examples would show.
    subscript<Value>(argument: Positional<Value>) -> Value {
        get throws {
            guard let value = Self.value(argument.argumentSpec.name, in: arguments) as? Value else {
                throw UndeclaredArgument(command: command.name, argument: argument.argumentSpec.name)
            }
            return value
        }
    }

    /// The words of a repeated argument, in the order given (one at least once parsing succeeded).
    subscript<Value>(argument: RepeatedPositional<Value>) -> [Value] {
        get throws {
            guard let values = Self.value(argument.argumentSpec.name, in: arguments) as? [any Sendable] else {
                throw UndeclaredArgument(command: command.name, argument: argument.argumentSpec.name)
            }
            return values.compactMap { $0 as? Value }
        }
    }

    subscript<Value>(argument: OptionalPositional<Value>) -> Value? {
        Self.value(argument.argumentSpec.name, in: arguments) as? Value
    }

    /// The program's words; empty when it was left out.
    subscript(argument: ProgramWords) -> [Argument] {
        Self.value(argument.argumentSpec.name, in: arguments) as? [Argument] ?? []
    }

    // The parser's side.

    mutating func set(_ spec: ArgumentSpec, _ value: any Sendable) { arguments.append(Word(name: spec.name, value: value)) }
    mutating func set(_ spec: OptionSpec, _ value: any Sendable) { values.append(Word(name: spec.name, value: value)) }
    mutating func set(_ spec: OptionSpec) { flags.append(spec.name) }

    private static func value(_ name: String, in words: [Word]) -> (any Sendable)? {
        words.last(where: { $0.name == name })?.value
    }
}

/// A command read an argument its table entry does not have: a bug in shelf.
struct UndeclaredArgument: Error, CustomStringConvertible {
    let command: String
    let argument: String
    var description: String { "internal error: '\(command)' has no argument <\(argument)>" }
}
