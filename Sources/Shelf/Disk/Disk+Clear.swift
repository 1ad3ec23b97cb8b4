extension Disk {
    /// Removes everything stored in `directory`'s namespace folder (Disk's `clear(_:)`), and
    /// nothing outside it: on Linux Disk's own clear of `.temporary` would empty all of `/tmp`.
    /// `CACHEDIR.TAG` stays; links are removed, never followed; a file another process holds
    /// locked is left alone. For limits (age, size, expiry) and a report, use `Store.clear(_:options:)`.
    /// - Throws: the first file's error when some could not be removed (the others still are), or
    ///   `cannotAccessDirectory`, `permissionDenied` when the folder itself cannot be used.
    public static func clear(_ directory: Directory) throws {
        try bridging(directory) {
            let report = try store().clear(directory)
            if let failure = report.failed.first { throw failure.error }
        }
    }

    /// Excludes the file or folder at `path` from backups (Disk's `doNotBackup(_:in:)`) by setting
    /// the freedesktop.org extended attribute `user.xdg.robots.backup` to `false`.
    /// - Throws: `notFound`, `symbolicLink`, `unsupported` where the file system has no user
    ///   extended attributes, `permissionDenied`.
    public static func doNotBackup(_ path: String, in directory: Directory) throws {
        try bridging(directory) { try store().setExcludedFromBackup(true, name(path), in: directory) }
    }

    /// Includes the file or folder at `path` in backups again (Disk's `backup(_:in:)`): removes
    /// `user.xdg.robots.backup`. A file that was never excluded is left as it is.
    /// - Throws: `notFound`, `symbolicLink`, `unsupported`, `permissionDenied`.
    public static func backup(_ path: String, in directory: Directory) throws {
        try bridging(directory) { try store().setExcludedFromBackup(false, name(path), in: directory) }
    }
}
