import ShelfCore

/// What the words on the command line ask for.
enum ParsedCommandLine {
    case help(CommandSpec?)
    case version(json: Bool)
    case manPage
    case run(Invocation, app: String?)
}

/// The hand parser: global options, then a command from `CommandTable`, then its positional
/// arguments and options in any order. `--` ends options, so names starting with '-' can follow.
enum ArgumentParser {
    static func parse(_ arguments: [String]) throws -> ParsedCommandLine {
        try parse(arguments.map(Argument.init))
    }

    static func parse(_ arguments: [Argument]) throws -> ParsedCommandLine {
        var app: String?
        var globalFlags: Set<String> = []
        var index = 0
        // Global options before the command (CommandSpec.global).
        while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index].bytes != [UInt8(ascii: "-")] {
            let argument = arguments[index]
            let word = argument.description
            index += 1
            switch word {
            case "-h", "--help": return .help(nil)
            case "--version": globalFlags.insert("version")
            case "--generate-manpage": return .manPage
            case "--json": globalFlags.insert("json")
            case "-q", "--quiet": globalFlags.insert("quiet")
            case "--app":
                guard index < arguments.count else { throw UsageError("option --app needs a value", command: nil) }
                app = try text(of: arguments[index], option: "app", command: nil)
                index += 1
            default:
                if argument.hasPrefix("--app=") {
                    app = try text(of: Argument(bytes: Array(argument.bytes.dropFirst("--app=".utf8.count))), option: "app", command: nil)
                    continue
                }
                let names = CommandSpec.global.map { "--" + $0.name }
                let hint = Suggestion.nearest(to: word, in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option '\(word)'\(hint)", command: nil)
            }
        }
        if globalFlags.contains("version") { return .version(json: globalFlags.contains("json")) }
        guard index < arguments.count else { throw UsageError("no command given", command: nil) }
        let name = arguments[index].description
        guard let command = CommandTable.command(named: name) else {
            let hint = Suggestion.nearest(to: name, in: CommandTable.visible.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown command '\(name)'\(hint)", command: nil)
        }
        var invocation = Invocation(command: command)
        // `shelf --json dirs` means `shelf dirs --json`, for the commands that have it.
        for flag in globalFlags.sorted() {
            guard command.allOptions.contains(where: { $0.name == flag && $0.value == nil }) else {
                throw UsageError("'\(command.name)' has no --\(flag) option", command: command)
            }
            invocation.flags.insert(flag)
        }
        if try parseCommandWords(Array(arguments[(index + 1)...]), into: &invocation, app: &app) {
            return .help(command)
        }
        try checkCount(invocation)
        return .run(invocation, app: app)
    }

    /// Fills `invocation`; returns true when help was asked for (which wins over any error after it).
    private static func parseCommandWords(_ words: [Argument], into invocation: inout Invocation, app: inout String?) throws -> Bool {
        let command = invocation.command
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let argument = words[index]
            let word = argument.description
            index += 1
            if optionsEnded || word == "-" || !argument.hasPrefix("-") {
                invocation.positionals.append(argument)
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
                        throw UsageError("unknown option '-\(letter)'\(optionHint("-\(letter)", command)); put '--' before a name that starts with '-'", command: command)
                    }
                    specs.append((spec, nil))
                }
            }
            for (spec, inline) in specs {
                if spec.name == "help" { return true }
                guard spec.value != nil else {
                    if inline != nil { throw UsageError("option --\(spec.name) takes no value", command: command) }
                    invocation.flags.insert(spec.name)
                    continue
                }
                let value: Argument
                if let inline { value = inline } else {
                    guard index < words.count else { throw UsageError("option --\(spec.name) needs a value (\(spec.value!))", command: command) }
                    value = words[index]
                    index += 1
                }
                if spec.name == "app" {
                    app = try text(of: value, option: spec.name, command: command)
                } else {
                    // A file to read keeps its bytes; every other value is text.
                    if spec.valueKind != .file { _ = try text(of: value, option: spec.name, command: command) }
                    invocation.values[spec.name] = value
                }
            }
        }
        return false
    }

    /// The value of an option that names something by text (an app, a group, a field, a
    /// duration): bytes that are not UTF-8 cannot be meant, and are never silently replaced.
    private static func text(of value: Argument, option: String, command: CommandSpec?) throws -> String {
        guard let text = value.text else {
            throw UsageError("the value of --\(option) ('\(value)') is not valid UTF-8", command: command)
        }
        return text
    }

    private static func option(named name: String, in command: CommandSpec, word: String) throws -> OptionSpec {
        if let spec = command.allOptions.first(where: { $0.name == name }) { return spec }
        throw UsageError("unknown option '\(word)' for '\(command.name)'\(optionHint("--" + name, command))", command: command)
    }

    private static func optionHint(_ word: String, _ command: CommandSpec) -> String {
        Suggestion.nearest(to: word, in: command.allOptions.map { "--" + $0.name }).map { "; did you mean '\($0)'?" } ?? ""
    }

    private static func checkCount(_ invocation: Invocation) throws {
        let specs = invocation.command.arguments
        let required = specs.filter { !$0.optional }.count
        let given = invocation.positionals.count
        if given < required {
            let missing = specs[given].name
            throw UsageError("missing <\(missing)>", command: invocation.command)
        }
        if given > specs.count {
            throw UsageError("unexpected argument '\(invocation.positionals[specs.count])'", command: invocation.command)
        }
    }
}
