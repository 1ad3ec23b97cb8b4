import ShelfCore

/// `shelf backup`: undoes `do-not-backup` (Disk's `backup`).
struct BackupCommand: StoredPathCommand {
    static let commandName = "backup"
    static let spec = CommandSpec(
        BackupCommand.self,
        name: commandName,
        summary: "include the file or folder at <path> in backups again (undo do-not-backup)",
        arguments: [Shared.directory, Shared.path],
        options: [],
        discussion: """
            Removes the extended attribute user.xdg.robots.backup, so that backup tools take the file
            again (their default). A file that was never excluded is left as it is. Where the file
            system has no user extended attributes this fails with exit 74.
            """,
        examples: ["shelf backup documents videos/raw.mkv"],
        writes: true, statuses: [ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission])

    let stored: StoredPath

    func run(_ context: Context) throws -> Int32 {
        try context.store().setExcludedFromBackup(false, stored.path, in: stored.directory)
        return ExitCode.success
    }
}
