import ShelfCore

/// `shelf do-not-backup`: marks a file or folder for backup tools to skip (Disk's `doNotBackup`).
struct DoNotBackupCommand: StoredPathCommand {
    static let commandName = "do-not-backup"
    static let spec = CommandSpec(
        DoNotBackupCommand.self,
        name: commandName,
        summary: "exclude the file or folder at <path> from backups (user.xdg.robots.backup=false)",
        arguments: [Shared.directory, Shared.path],
        options: [],
        discussion: """
            Sets the extended attribute user.xdg.robots.backup to 'false' (the freedesktop.org
            convention backup tools read); 'shelf backup' removes it again and 'shelf list -l' shows
            it. The attribute belongs to the file: it stays through rename and move, and copy keeps it.
            Saving the path again creates a new file without it. Where the file system has no user
            extended attributes (some tmpfs, vfat, NFSv3) this fails with exit 74. For whole
            directories, caches already carries a CACHEDIR.TAG that backup tools honour.
            """,
        examples: ["shelf do-not-backup documents videos/raw.mkv", "shelf do-not-backup applicationSupport index/"],
        writes: true, statuses: [ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission])

    let stored: StoredPath

    func run(_ context: Context) throws -> Int32 {
        try context.store().setExcludedFromBackup(true, stored.path, in: stored.directory)
        return ExitCode.success
    }
}
