import ShelfCore

/// A command line after parsing, before any I/O: the command, its positional arguments and
/// the options given. Commands turn it into their own typed options.
struct Invocation: Sendable {
    let command: CommandSpec
    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name] }

    /// The positional argument at `index`, or nil when optional and absent.
    func argument(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    /// The directory named by the positional argument at `index`.
    func directory(at index: Int) throws -> Directory {
        let text = positionals[index]
        if let directory = Directory(parsing: text) { return directory }
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
