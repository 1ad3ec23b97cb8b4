import ShelfCore

/// `shelf exists`: answers with the exit status only.
enum ExistsCommand {
    static let spec = CommandSpec(
        name: "exists",
        summary: "exit 0 if a file or folder is stored at <path>, 1 if not; prints nothing",
        arguments: [CommandTable.directoryArgument, CommandTable.pathArgument],
        options: [],
        discussion: "Nothing is created, not even the namespace folder.",
        examples: ["shelf exists documents notes/todo.txt && echo yes"],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        return try context.store().exists(invocation.path(at: 1), in: directory) ? ExitCode.success : ExitCode.no
    }
}
