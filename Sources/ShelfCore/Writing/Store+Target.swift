/// Where a writer writes, and when it locks it. Writers read their input before they take the
/// locks others wait for (docs/formats.md, "Locking"): a pipe may be fed by another shelf process
/// that is itself waiting for one of those locks (`shelf append caches d/ | shelf save caches d/last.txt` waited forever, issue 12
/// item 8). So a writer walks to its folder without the folder's shared lock, reads its input
/// (into a temporary file there, or a spool), and only then locks the folder. If the folder was
/// removed meanwhile (by `clear`, `remove` or a move), the path is walked (and made) again.
extension Store {
    /// Where a writer writes: the folder that holds `safe`, resolved to an opened parent folder
    /// (made on the way, with the namespace folder's cache directory tag, when asked); nil when a
    /// folder on the way is missing. The caller closes it (`Target.closeAfter`).
    /// - Parameter folderMode: the mode of folders made on the way (less the umask).
    func target(_ safe: SafePath, in directory: Directory, create: Bool, folderMode: UInt32 = 0o700) throws -> Target? {
        try FolderWalker.openTarget(safe, in: try locations.namespace(for: directory), create: create, folderMode: folderMode,
                                  tag: CacheTag.ensure)
    }

    /// Like `target`, but a missing folder on the way is a `notFound` error naming the path.
    /// `locked`: under the writers' shared lock on the folder without `create` too (for commands
    /// that change what is in it without making folders: `remove`).
    func existingTarget(_ safe: SafePath, in directory: Directory, create: Bool = false, locked: Bool = false,
                        folderMode: UInt32 = 0o700) throws -> Target {
        let ns = try locations.namespace(for: directory)
        guard let target = try FolderWalker.openTarget(safe, in: ns, create: create, locked: locked, folderMode: folderMode,
                                                        tag: CacheTag.ensure) else {
            throw ShelfError.notFound(path: try absolutePath(of: safe, in: directory))
        }
        return target
    }

    /// The folder of `prepared` under the writers' shared lock, then `body` with the target to
    /// write: `prepared` itself, or the same path walked again when its folder was removed while
    /// the input arrived.
    /// - Parameter folderMode: the mode of folders made again (see `FileMode.folder(for:)`).
    func withLockedFolder<R>(of prepared: Target, _ safe: SafePath, in directory: Directory, folderMode: UInt32 = 0o700,
                             _ body: (Target) throws -> R) throws -> R {
        if try FolderWalker.lockFolder(prepared.folder) { return try body(prepared) }
        return try existingTarget(safe, in: directory, create: true, folderMode: folderMode).closeAfter(body)
    }

    /// Walks to the folder of `safe`, making missing folders (of mode `folderMode`, less the
    /// umask), without locking it (see above).
    func preparedTarget(_ safe: SafePath, in directory: Directory, folderMode: UInt32 = 0o700) throws -> Target {
        let ns = try locations.namespace(for: directory)
        // shelf's own cache tag is no user's file, whichever path a writer takes to it.
        try CacheTag.refuseToChange(safe, in: ns)
        guard let target = try FolderWalker.walk(safe, in: ns, create: true, folderMode: folderMode, tag: CacheTag.ensure) else {
            throw ShelfError.notFound(path: try absolutePath(of: safe, in: directory))
        }
        return target
    }
}

extension TempFile {
    /// Runs `body` with this file's bytes in a temp file in `folder`: this file itself when it is
    /// in that folder (the same descriptor, or another of the same folder), else a copy (data,
    /// mode and user attributes) made there, for a write whose folder was removed and made again
    /// while its input arrived.
    mutating func placed<R>(in folder: FileDescriptor, path: String, _ body: (inout TempFile) throws -> R) throws -> R {
        if try folder.raw == self.folder.raw || FileIdentity(folder.status()) == FileIdentity(self.folder.status()) {
            return try body(&self)
        }
        return try TempFile.create(in: folder, path: path).closeAfter { copy in
            try FileCopy.copyWhole(from: file, to: copy.file)
            return try body(&copy)
        }
    }
}
