import ShelfCore

/// `shelf is-folder`: answers with the exit status only (Disk's `isFolder`).
enum IsFolderCommand {
    static let spec = CommandSpec(
        name: "is-folder",
        summary: "exit 0 if <path> is a folder, 1 if it is a file or missing; prints nothing",
        arguments: [CommandTable.directoryArgument, CommandTable.pathArgument],
        options: [],
        discussion: "A symbolic link is not a folder (it is never followed). Nothing is created.",
        examples: ["shelf is-folder caches feeds && echo folder"],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        return try context.store().isFolder(invocation.path(at: 1), in: directory) ? ExitCode.success : ExitCode.no
    }
}
