import ShelfCore

/// The global options before the command name (`shelf --root DIR --json dirs`), read by their
/// declarations in the table (`GlobalOptions`) and converted to their declared types as a
/// command's options are: a global option is added to the table, not to the parser.
struct GlobalWords {
    // Arrays searched from the end (a later word wins), as in `ParsedWords`.
    private var flags: [String] = []
    private var values: [(name: String, value: any Sendable)] = []
    /// `-h`/`--help` or `--generate-manpage` was given: it ends the reading, whatever follows.
    private(set) var final: OptionSpec?

    subscript(flag: Flag) -> Bool { flags.contains(flag.optionSpec.name) }

    subscript<Value>(option: Option<Value>) -> Value? {
        values.last(where: { $0.name == option.optionSpec.name })?.value as? Value
    }

    /// Reads the words from `index` that start with `-` (but `-` alone, a command's standard
    /// input, is none), leaving `index` at the first word after them; stops at once after an
    /// option that ends the reading (`final`).
    /// - Throws: `UsageError` for an unknown option, a missing or bad value.
    static func read(_ arguments: [Argument], from index: inout Int) throws -> GlobalWords {
        var words = GlobalWords()
        let ending = [GlobalOptions.help, GlobalOptions.manPage].map(\.optionSpec.name)
        while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index].bytes != [UInt8(ascii: "-")] {
            let (spec, inline) = try option(arguments[index])
            index += 1
            if ending.contains(spec.name) {
                words.final = spec
                return words
            }
            guard let parse = spec.parse else {
                words.flags.append(spec.name)
                continue
            }
            let word: Argument
            if let inline {
                word = inline
            } else {
                guard index < arguments.count else { throw UsageError("option --\(spec.name) needs a value") }
                word = arguments[index]
                index += 1
            }
            words.values.append((spec.name, try parse(word, "--" + spec.name)))
        }
        return words
    }

    /// The global option `argument` spells: exactly (`-q`, `--json`, `--app`), or an option with
    /// a value and that value after `=` (`--root=/srv/x`, the value keeping its bytes).
    private static func option(_ argument: Argument) throws -> (OptionSpec, Argument?) {
        let word = argument.description
        if let spec = CommandSpec.global.first(where: { "--" + $0.name == word || $0.short.map { "-\($0)" } == word }) {
            return (spec, nil)
        }
        for spec in CommandSpec.global where spec.value != nil && argument.hasPrefix("--" + spec.name + "=") {
            return (spec, Argument(bytes: Array(argument.bytes.dropFirst(("--" + spec.name + "=").utf8.count))))
        }
        let names = CommandSpec.global.map { "--" + $0.name }
        let hint = Suggestion.nearest(to: word, in: names).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError("unknown option '\(word)'\(hint)")
    }
}
