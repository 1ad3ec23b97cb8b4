import ShelfCore

/// `shelf remove`: deletes a file or a folder tree inside the namespace.
enum RemoveCommand {
    static let spec = CommandSpec(
        name: "remove",
        summary: "remove the file or folder (recursively) at <path>",
        arguments: [CommandTable.directoryArgument, CommandTable.pathArgument],
        options: [OptionSpec(name: "force", short: "f", help: "succeed when nothing is there")],
        discussion: """
            Symbolic links inside a removed folder are removed, never followed. The namespace folder
            itself cannot be removed (use 'shelf clear').
            """,
        examples: ["shelf remove caches feeds/today.json", "shelf remove -f caches feeds/"],
        writes: true,
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        do {
            try context.store().remove(invocation.path(at: 1), from: directory)
        } catch ShelfError.notFound where invocation.flag("force") {
            return ExitCode.success
        }
        return ExitCode.success
    }
}
