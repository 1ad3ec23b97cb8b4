import ShelfCore

/// What the words on the command line ask for.
enum ParsedCommandLine {
    case help(CommandSpec?)
    case version(json: Bool)
    case manPage
    case run(ParsedCommand)
}

/// A command ready to run: its typed value, and what its context is made from.
struct ParsedCommand {
    let spec: CommandSpec
    let command: any Command
    /// `--app` as given (after the command name it wins over before); nil: `SHELF_APP`, else `shelf`.
    let app: String?
    /// `--root` as given (after the command name it wins over before); nil: `SHELF_ROOT`, else none.
    var root: RootFolder? = nil
    let quiet: Bool
    /// `--json` was given: a failure then prints an error object on standard output (`FailureReport`).
    var json = false
}

/// The hand parser: global options (`GlobalWords`), then a command from `CommandTable`, then its positional
/// arguments and options in any order (`--` ends options, so names starting with '-' can
/// follow). Every word is then converted to the type its declaration names, and the command's
/// typed value is made: all before any I/O.
enum ArgumentParser {
    static func parse(_ arguments: [String]) throws -> ParsedCommandLine {
        try parse(arguments.map(Argument.init))
    }

    static func parse(_ arguments: [Argument]) throws -> ParsedCommandLine {
        var index = 0
        let globals = try GlobalWords.read(arguments, from: &index)
        switch globals.final?.name {
        case GlobalOptions.help.optionSpec.name?: return .help(nil)
        case GlobalOptions.manPage.optionSpec.name?: return .manPage
        default: break
        }
        let json = globals[GlobalOptions.json]
        if globals[GlobalOptions.version] { return .version(json: json) }
        guard index < arguments.count else { throw UsageError("no command given") }
        let name = arguments[index].description
        guard let command = CommandTable.command(named: name) else {
            // `shelf version` means the option: offered too.
            let hint = Suggestion.nearest(to: name, in: CommandTable.visible.map(\.name) + ["--version"]).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown command '\(name)'\(hint)")
        }
        var given = GivenWords()
        // `shelf --json dirs` means `shelf dirs --json`, for the commands that have it.
        if json {
            guard let spec = command.allOptions.first(where: { $0.name == GlobalOptions.json.optionSpec.name && $0.value == nil }) else {
                throw UsageError("'\(command.name)' has no --json option", command: command)
            }
            given.options.append((spec, nil))
        }
        if try collect(Array(arguments[(index + 1)...]), for: command, into: &given) { return .help(command) }
        try checkCount(given.positionals, command)
        if let spec = command.arguments.first(where: \.rest), !spec.optional, given.program.isEmpty {
            throw UsageError("missing <\(spec.name)>: put the program and its arguments after '--'", command: command)
        }
        let words = try convert(given, command)
        do {
            return .run(ParsedCommand(spec: command, command: try command.make(words), app: words[CommonOptions.app] ?? globals[GlobalOptions.app],
                                      root: words[CommonOptions.root] ?? globals[GlobalOptions.root], quiet: globals[GlobalOptions.quiet] || words[CommonOptions.quiet],
                                      json: words.hasFlag(named: GlobalOptions.json.optionSpec.name)))
        } catch var error as UsageError {
            error.command = command
            throw error
        }
    }

    /// The words after the command name, sorted into positionals and options, not yet converted.
    private struct GivenWords {
        var positionals: [Argument] = []
        /// The words of a `ProgramWords` argument.
        var program: [Argument] = []
        var options: [(OptionSpec, Argument?)] = []
    }

    /// Fills `given`; returns true when help was asked for (which wins over any error after it).
    private static func collect(_ words: [Argument], for command: CommandSpec, into given: inout GivenWords) throws -> Bool {
        var index = 0
        var optionsEnded = false
        let fixed = command.arguments.filter { !$0.rest }.count
        let takesProgram = command.arguments.contains(where: \.rest)
        while index < words.count {
            let argument = words[index]
            let word = argument.description
            index += 1
            if optionsEnded || word == "-" || !argument.hasPrefix("-") {
                if takesProgram && given.positionals.count == fixed {
                    // `update d -- -p.json -- cmd`: a second `--` may still separate the program.
                    given.program = Array(words[(optionsEnded && word == "--" ? index : index - 1)...])
                    return false
                }
                given.positionals.append(argument)
                continue
            }
            if word == "--" { optionsEnded = true; continue }
            var specs: [(OptionSpec, Argument?)] = []
            if word.hasPrefix("--") {
                // The name is text; a value after `=` keeps its bytes (`--file=caf\xE9.txt`).
                let body = argument.bytes.dropFirst(2)
                let equals = body.firstIndex(of: UInt8(ascii: "="))
                let name = EscapedText.text(Array(body[..<(equals ?? body.endIndex)]))
                let inline = equals.map { Argument(bytes: Array(body[body.index(after: $0)...])) }
                specs.append((try option(named: name, in: command, word: word), inline))
            } else {
                // -l, or bundled short flags such as -lr.
                for letter in word.dropFirst() {
                    guard let spec = command.allOptions.first(where: { $0.short == letter }) else {
                        throw UsageError("unknown option '-\(letter)'\(optionHint("-\(letter)", command)); put '--' before a name that starts with '-'",
                                         command: command)
                    }
                    specs.append((spec, nil))
                }
            }
            for (spec, inline) in specs {
                if spec.name == CommonOptions.help.optionSpec.name { return true }
                guard let placeholder = spec.value else {
                    if inline != nil { throw UsageError("option --\(spec.name) takes no value", command: command) }
                    given.options.append((spec, nil))
                    continue
                }
                if let inline {
                    given.options.append((spec, inline))
                } else {
                    guard index < words.count else { throw UsageError("option --\(spec.name) needs a value (\(placeholder))", command: command) }
                    given.options.append((spec, words[index]))
                    index += 1
                }
            }
        }
        return false
    }

    /// Every word as the type its declaration names, in the order given: arguments, then options.
    private static func convert(_ given: GivenWords, _ command: CommandSpec) throws -> ParsedWords {
        var words = ParsedWords(command: command)
        for (index, spec) in command.arguments.enumerated() where index < given.positionals.count {
            if spec.repeats {
                let values = try given.positionals[index...].map { try value(of: $0, spec.parse, as: "<\(spec.name)>", command) }
                words.set(spec, values as [any Sendable])
            } else {
                words.set(spec, try value(of: given.positionals[index], spec.parse, as: "<\(spec.name)>", command))
            }
        }
        if let spec = command.arguments.first(where: \.rest), !given.program.isEmpty { words.set(spec, given.program) }
        for (spec, word) in given.options {
            if let word, let parse = spec.parse {
                words.set(spec, try value(of: word, parse, as: "--" + spec.name, command))
            } else {
                words.set(spec)
            }
        }
        return words
    }

    private static func value(of word: Argument, _ parse: WordParser, as spelling: String, _ command: CommandSpec) throws -> any Sendable {
        do {
            return try parse(word, spelling)
        } catch var error as UsageError {
            error.command = command
            throw error
        } catch let error as ShelfError {
            throw RefusedName(error: error, command: command)
        }
    }

    private static func option(named name: String, in command: CommandSpec, word: String) throws -> OptionSpec {
        if let spec = command.allOptions.first(where: { $0.name == name }) { return spec }
        throw UsageError("unknown option '\(word)' for '\(command.name)'\(optionHint("--" + name, command))", command: command)
    }

    private static func optionHint(_ word: String, _ command: CommandSpec) -> String {
        Suggestion.nearest(to: word, in: command.allOptions.map { "--" + $0.name }).map { "; did you mean '\($0)'?" } ?? ""
    }

    private static func checkCount(_ positionals: [Argument], _ command: CommandSpec) throws {
        let specs = command.arguments.filter { !$0.rest }
        let required = specs.filter { !$0.optional }.count
        if positionals.count < required {
            throw UsageError("missing <\(specs[positionals.count].name)>", command: command)
        }
        if positionals.count > specs.count && specs.last?.repeats != true {
            throw UsageError("unexpected argument '\(positionals[specs.count])'", command: command)
        }
    }
}
