import ShelfCore

/// `shelf is-folder`: answers with the exit status only (Disk's `isFolder`).
struct IsFolderCommand: StoredPathCommand {
    static let commandName = "is-folder"
    static let spec = CommandSpec(
        IsFolderCommand.self,
        name: commandName,
        summary: "exit 0 if <path> is a folder, 1 if it is a file or missing; prints nothing",
        arguments: [Shared.directory, Shared.path],
        options: [],
        discussion: "A symbolic link is not a folder (it is never followed). Nothing is created.",
        examples: ["shelf is-folder caches feeds && echo folder"],
        statuses: [ExitCode.no, ExitCode.permission])

    let stored: StoredPath

    func run(_ context: Context) throws -> Int32 {
        try context.store().isFolder(stored.path, in: stored.directory) ? ExitCode.success : ExitCode.no
    }
}
