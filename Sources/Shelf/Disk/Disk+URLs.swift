import FoundationEssentials

/// Disk's calls that take URLs. A URL is accepted when it names something inside a namespace
/// folder of the store, as `url(for:in:)` gives them, and is then handled exactly like that
/// path in that directory (`Store.location(of:)`); any other URL is refused with
/// `invalidFileName`, so no URL can reach outside the namespaces, through `..`, a link or a name
/// that only starts like a namespace folder.
extension Disk {
    /// Removes the file or folder at `url`.
    /// - Throws: `noFileFound`; `invalidFileName` for a URL outside the namespaces or for a
    ///   namespace folder itself (`clear(_:)` empties one).
    public static func remove(_ url: URL) throws {
        try bridging {
            let store = try store()
            let (directory, path) = try store.storedEntry(url)
            try store.remove(path, from: directory)
        }
    }

    /// Whether something is at `url`; false for a URL outside the namespaces.
    public static func exists(_ url: URL) -> Bool {
        (try? store().exists(url)) ?? false
    }

    /// Excludes the file or folder at `url` from backups (see `doNotBackup(_:in:)`).
    public static func doNotBackup(_ url: URL) throws {
        try bridging {
            let store = try store()
            let (directory, path) = try store.storedEntry(url)
            try store.setExcludedFromBackup(true, path, in: directory)
        }
    }

    /// Includes the file or folder at `url` in backups again (see `backup(_:in:)`).
    public static func backup(_ url: URL) throws {
        try bridging {
            let store = try store()
            let (directory, path) = try store.storedEntry(url)
            try store.setExcludedFromBackup(false, path, in: directory)
        }
    }

    /// Moves the file or folder at `originalURL` to `newURL`, in the same directory or another,
    /// under the same name or a new one; missing folders on the way are created.
    /// - Throws: `noFileFound`, `fileWriteFileExists` when `newURL` is taken, `invalidFileName`.
    public static func move(_ originalURL: URL, to newURL: URL) throws {
        try bridging {
            let store = try store()
            let (directory, path) = try store.storedEntry(originalURL)
            let (destination, newPath) = try store.storedEntry(newURL)
            try store.move(path, in: directory, to: destination, as: newPath)
        }
    }

    /// Whether `url` is a folder inside a namespace (or a namespace folder itself). Links are not
    /// followed; a URL outside the namespaces answers false.
    public static func isFolder(_ url: URL) -> Bool {
        (try? store().isFolder(url)) ?? false
    }
}
