import ShelfCore

/// Wrong words on the command line: printed with the usage line, exit 64. Thrown without a
/// command by value parsers and commands' initialisers; the parser adds the command.
struct UsageError: Error {
    let message: String
    var command: CommandSpec?

    init(_ message: String, command: CommandSpec? = nil) {
        self.message = message
        self.command = command
    }
}

/// A word the library refuses as a name (an unsafe path), found while parsing: reported as the
/// library reports it, for the command it was given to.
struct RefusedName: Error {
    let error: ShelfError
    let command: CommandSpec
}
