/// How a command declares what it takes. Each declaration is both its row of the command table
/// (help, the man page and the completions read the spec it makes) and the typed key the command
/// reads its value with: `words[Self.raw]` is a `Bool`, `words[Self.olderThan]` a
/// `DurationValue?`, `try words[Shared.path]` a `SafePath`. The parser converts every word to its
/// declared type before the command is made, so a bad value never reaches a command.
///
///     static let raw = Flag("raw", help: "append the bytes as they are")
///     static let olderThan = Option<DurationValue>("older-than", value: "DURATION", help: "…")
///     static let folder = OptionalPositional<SafePath>("folder", help: "…")

/// Something that is a row of a command's options.
protocol OptionDeclaration: Sendable {
    var optionSpec: OptionSpec { get }
}

/// Something that is a row of a command's positional arguments.
protocol ArgumentDeclaration: Sendable {
    var argumentSpec: ArgumentSpec { get }
}

/// An option without a value: given or not.
struct Flag: OptionDeclaration {
    let optionSpec: OptionSpec

    init(_ name: String, short: Character? = nil, help: String) {
        optionSpec = OptionSpec(name: name, short: short, help: help)
    }
}

/// An option with one value of type `Value` (`--older-than 7d`, `--file=SRC`).
struct Option<Value: ArgumentValue>: OptionDeclaration {
    let optionSpec: OptionSpec

    /// - Parameters:
    ///   - value: the placeholder help shows (`DURATION`).
    ///   - kind: what completion offers for it; by default what `Value` is.
    init(_ name: String, short: Character? = nil, value: String, help: String, kind: ArgumentKind = Value.kind) {
        optionSpec = OptionSpec(name: name, short: short, value: value, help: help, valueKind: kind,
                                parse: { try Value.parse($0, as: $1) })
    }
}

/// A positional argument that must be given.
struct Positional<Value: ArgumentValue>: ArgumentDeclaration {
    let argumentSpec: ArgumentSpec

    init(_ name: String, help: String, kind: ArgumentKind = Value.kind) {
        argumentSpec = ArgumentSpec(name: name, help: help, optional: false, kind: kind, parse: { try Value.parse($0, as: $1) })
    }
}

/// The last positional argument, taking every remaining word (`remove <directory> <path>...`):
/// one at least. A command reads the words as an array, in the order given.
struct RepeatedPositional<Value: ArgumentValue>: ArgumentDeclaration {
    let argumentSpec: ArgumentSpec

    init(_ name: String, help: String, kind: ArgumentKind = Value.kind) {
        argumentSpec = ArgumentSpec(name: name, help: help, optional: false, repeats: true, kind: kind,
                                    parse: { try Value.parse($0, as: $1) })
    }
}

/// A positional argument that may be left out; only the last ones of a command may be.
struct OptionalPositional<Value: ArgumentValue>: ArgumentDeclaration {
    let argumentSpec: ArgumentSpec

    init(_ name: String, help: String, kind: ArgumentKind = Value.kind) {
        argumentSpec = ArgumentSpec(name: name, help: help, optional: true, kind: kind, parse: { try Value.parse($0, as: $1) })
    }
}

/// A program and its arguments, the last words of the line (`update … -- jq .n`): the first word
/// after the other arguments starts it, and from there no word is an option of shelf. Each keeps
/// its bytes, as the program will receive them.
struct ProgramWords: ArgumentDeclaration {
    let argumentSpec: ArgumentSpec

    init(_ name: String, optional: Bool, help: String) {
        argumentSpec = ArgumentSpec(name: name, help: help, optional: optional, kind: .program, parse: { word, _ in word }, rest: true)
    }
}
