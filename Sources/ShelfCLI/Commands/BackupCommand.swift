import ShelfCore

/// `shelf backup`: undoes `do-not-backup` (Disk's `backup`).
enum BackupCommand {
    static let spec = CommandSpec(
        name: "backup",
        summary: "include the file or folder at <path> in backups again (undo do-not-backup)",
        arguments: [CommandTable.directoryArgument, CommandTable.pathArgument],
        options: [],
        discussion: """
            Removes the extended attribute user.xdg.robots.backup, so that backup tools take the file
            again (their default). A file that was never excluded is left as it is. Where the file
            system has no user extended attributes this fails with exit 74.
            """,
        examples: ["shelf backup documents videos/raw.mkv"],
        writes: true,
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        try context.store().setExcludedFromBackup(false, invocation.path(at: 1), in: directory)
        return ExitCode.success
    }
}
