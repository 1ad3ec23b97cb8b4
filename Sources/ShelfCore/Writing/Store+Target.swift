/// Where a writer writes: the folder that holds a path, made on the way (with the namespace
/// folder's cache directory tag) when asked.
extension Store {
    /// Resolves `safe` to an opened parent folder; nil when a folder on the way is missing. The
    /// caller closes it (`Target.closeAfter`).
    /// - Parameter folderMode: the mode of folders made on the way (less the umask).
    func target(_ safe: SafePath, in directory: Directory, create: Bool, folderMode: UInt32 = 0o700) throws -> Target? {
        try FolderWalker.openTarget(safe, in: try locations.namespace(for: directory), create: create, folderMode: folderMode,
                                  tag: CacheTag.ensure)
    }
}
