import ShelfCore

/// A command line after parsing, before any I/O: the command, its positional arguments and
/// the options given. Commands turn it into their own typed options.
struct Invocation: Sendable {
    let command: CommandSpec
    var positionals: [Argument] = []
    var flags: Set<String> = []
    /// Option values: text (checked by the parser), except a file to read, which keeps its bytes.
    var values: [String: Argument] = [:]

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of a text option.
    func value(_ name: String) -> String? { values[name].map(\.description) }

    /// The value of an option naming a file to read (`--file`), as bytes.
    func fileValue(_ name: String) -> Argument? { values[name] }

    /// The positional argument at `index` as text (escaped where it is not UTF-8), or nil when
    /// optional and absent.
    func argument(_ index: Int) -> String? {
        index < positionals.count ? positionals[index].description : nil
    }

    /// The stored path given at `index`, with its exact bytes; checked like every name.
    func path(at index: Int) throws -> SafePath {
        try SafePath(bytes: positionals[index].bytes)
    }

    /// `path(at:)` of an optional argument: nil when absent.
    func optionalPath(at index: Int) throws -> SafePath? {
        index < positionals.count ? try path(at: index) : nil
    }

    /// The directory named by the positional argument at `index`.
    func directory(at index: Int) throws -> Directory {
        let text = positionals[index].description
        if positionals[index].text == nil, text.lowercased().hasPrefix("sharedcontainer:") || text.lowercased().hasPrefix("shared-container:") {
            throw UsageError("the group name in '\(text)' is not valid UTF-8; group names are folder names shelf keeps exactly",
                             command: command)
        }
        if positionals[index].text != nil, let directory = Directory(parsing: text) { return directory }
        if text.lowercased().hasPrefix("sharedcontainer") || text.lowercased().hasPrefix("shared-container") {
            throw UsageError("a shared container needs a group name: 'sharedContainer:<group>'", command: command)
        }
        let hint = Suggestion.nearest(to: text, in: Directory.spellings).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError(
            "unknown directory '\(text)'\(hint) (documents, caches, applicationSupport, temporary, sharedContainer:<group>)",
            command: command)
    }
}

/// Wrong words on the command line: printed with the usage line, exit 64.
struct UsageError: Error {
    let message: String
    let command: CommandSpec?

    init(_ message: String, command: CommandSpec?) {
        self.message = message
        self.command = command
    }
}
