import FoundationEssentials
import Glibc

extension Store {
    /// Removes the file at `path` only if it still holds `expected`: "delete what I saw", so that
    /// a value rewritten meanwhile (by this process or another) survives. The file's exclusive
    /// lock is held while comparing, the same lock `AtomicFile` takes before replacing a file, and
    /// the name must still lead to the compared file when it is unlinked.
    /// - Returns: whether the file was removed (false when it is gone or has changed).
    @discardableResult
    func removeIfUnchanged(_ path: String, in directory: Directory, expected: Data) throws -> Bool {
        guard let target = try target(path, in: directory, create: false) else { return false }
        defer { target.close() }
        let file: FileDescriptor
        do {
            file = try target.folder.openAt(target.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, path: target.path)
        } catch ShelfError.notFound {
            return false
        }
        defer { file.close() }
        let opened = try file.status()
        guard opened.isRegularFile else { throw ShelfError.isAFolder(path: target.path) }
        try FileLock.lock(file, .exclusive)
        guard let current = try target.status(),
              current.st_dev == opened.st_dev, current.st_ino == opened.st_ino else { return false }
        // What was seen is the file without a crashed append's torn bytes: repair before comparing.
        if JournalFile.isPending(for: target.name, in: target.folder) {
            _ = try AppendJournal.recoverThroughName(of: file, name: target.name, in: target.folder)
        }
        guard try Store.readData(file) == expected else { return false }
        try AppendJournal.removeWithJournal(file, name: target.name, in: target.folder, path: target.path)
        try AtomicFile.syncFolder(target.folder)
        return true
    }
}
