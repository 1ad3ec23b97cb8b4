import ShelfCore

/// `shelf exists`: answers with the exit status only.
struct ExistsCommand: StoredPathCommand {
    static let spec = CommandSpec(
        ExistsCommand.self,
        name: "exists",
        summary: "exit 0 if a file or folder is stored at <path>, 1 if not; prints nothing",
        arguments: [Shared.directory, Shared.path],
        options: [],
        discussion: "Nothing is created, not even the namespace folder.",
        examples: ["shelf exists documents notes/todo.txt && echo yes"])

    let stored: StoredPath

    func run(_ context: Context) throws -> Int32 {
        try context.store().exists(stored.path, in: stored.directory) ? ExitCode.success : ExitCode.no
    }
}
