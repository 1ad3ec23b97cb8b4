import Glibc

/// Moving, renaming or removing a stored file takes it away from its journal, which stays under
/// the old name. These steps run under the file's exclusive lock, so no append is half-way
/// through meanwhile: a crashed append is rolled back first, then the journal (empty by then) is
/// deleted, so journals never outlive their file's name and never pile up.
extension AppendJournal {
    /// Opens the regular file `name` read-only (moving or removing a file needs no write access to
    /// it) and locks it exclusively, checking once locked that the name still leads to it.
    /// Returns nil when `name` is not, or no longer, a regular file.
    static func openLockedExclusive(_ name: String, in folder: FileDescriptor, path: String) throws -> FileDescriptor? {
        while true {
            let fd = retryingEINTR { openat(folder.raw, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
            if fd < 0 {
                if errno == ENOENT || errno == ELOOP { return nil }
                throw ShelfError.lastError(path: path, operation: "open")
            }
            let file = FileDescriptor(raw: fd, path: path)
            do {
                try FileLock.lock(file, .exclusive)
                let st = try file.status()
                guard st.isRegularFile else {
                    file.close()
                    return nil
                }
                if try isCurrent(st, name: name, in: folder, path: path) { return file }
            } catch {
                file.close()
                throw error
            }
            file.close()
        }
    }

    /// Before a move or rename of the locked `file`: repairs a crashed append (which, like any
    /// repair, needs write access to the file) and deletes the journal.
    static func detach(_ file: FileDescriptor, name: String, in folder: FileDescriptor) throws {
        if JournalFile.isPending(for: name, in: folder) {
            _ = try recoverThroughName(of: file, name: name, in: folder)
        }
        try JournalFile.remove(for: name, in: folder)
    }

    /// Removes the locked regular file `name` and its journal. The journal goes first once it is
    /// empty; a crash between the two steps then leaves the intact file without a journal. When a
    /// crashed append cannot be repaired (no write access to the file), the file goes first: it is
    /// being removed, its torn state no longer matters, and its journal must not be lost before it.
    package static func removeWithJournal(_ file: FileDescriptor, name: String, in folder: FileDescriptor, path: String) throws {
        let repaired = !JournalFile.isPending(for: name, in: folder)
            || (try? recoverThroughName(of: file, name: name, in: folder)) == true
        if repaired { try JournalFile.remove(for: name, in: folder) }
        if unlinkat(folder.raw, name, 0) != 0 { throw ShelfError.lastError(path: path, operation: "remove") }
        if !repaired { try JournalFile.remove(for: name, in: folder) }
    }
}
