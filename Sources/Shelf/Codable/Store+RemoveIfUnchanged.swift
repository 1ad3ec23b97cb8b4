import FoundationEssentials

extension Store {
    /// Removes the file at `path` only if it still holds `expected`: "delete what I saw", so that
    /// a value rewritten meanwhile (by this process or another) survives. The file's exclusive
    /// lock is held while comparing, the same lock `AtomicReplace` takes before replacing a file, and
    /// the name must still lead to the compared file when it is unlinked.
    /// - Returns: whether the file was removed (false when it is gone or has changed).
    @discardableResult
    func removeIfUnchanged(_ path: String, in directory: Directory, expected: Data) throws -> Bool {
        guard let target = try target(SafePath(path), in: directory, create: false) else { return false }
        return try target.closeAfter { target in
            let file: FileDescriptor
            do {
                file = try target.folder.openForExclusiveLock(target.name, [.readOnly, .noFollow, .nonBlocking], path: target.path)
            } catch ShelfError.notFound {
                return false
            }
            return try file.closeAfter { file in try removeIfUnchanged(file, target, expected: expected) }
        }
    }

    private func removeIfUnchanged(_ file: FileDescriptor, _ target: Target, expected: Data) throws -> Bool {
        let opened = try file.status()
        guard opened.isRegularFile else { throw ShelfError.isAFolder(path: target.path) }
        try FileLock.lock(file, .exclusive)
        guard let current = try target.status(), current.device == opened.device, current.inode == opened.inode else { return false }
        // What was seen is the file without a crashed append's torn bytes: repair before comparing.
        try FileLocks.settle(file, name: target.name, in: target.folder)
        guard try Store.readData(file) == expected else { return false }
        try FileLocks.remove(file, name: target.name, in: target.folder, path: target.path)
        try AtomicReplace.syncFolder(target.folder)
        return true
    }
}
