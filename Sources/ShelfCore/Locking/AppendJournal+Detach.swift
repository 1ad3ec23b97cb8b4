/// Moving, renaming or removing a stored file takes it away from its journal, which stays under
/// the old name. These steps run under the file's exclusive lock, so no append is half-way
/// through meanwhile: a crashed append is rolled back first, then the journal (empty by then) is
/// deleted, so journals never outlive their file's name and never pile up.
extension AppendJournal {
    /// Opens the regular file `name` read-only (moving or removing a file needs no write access to
    /// it) and locks it exclusively, checking once locked that the name still leads to it.
    /// Returns nil when `name` is not, or no longer, a regular file. The caller closes it.
    static func openLockedExclusive(_ name: FileName, in folder: FileDescriptor, path: String) throws -> FileDescriptor? {
        while true {
            let file: FileDescriptor
            do {
                file = try folder.openForExclusiveLock(name, [.readOnly, .noFollow, .nonBlocking], path: path)
            } catch ShelfError.notFound, ShelfError.symbolicLink {
                return nil
            }
            var isFile = true
            let locked = try file.kept { file in
                try FileLock.lock(file, .exclusive)
                let st = try file.status()
                isFile = st.isRegularFile
                if isFile { try ReplaceGate.pass(for: name, in: folder) }
                return try isFile && isCurrent(st, name: name, in: folder, path: path)
            }
            if let locked { return locked }
            if !isFile { return nil }
            // Replaced meanwhile: lock the file that has the name now.
        }
    }

    /// Settles a crashed append's record (if there is one) against the locked `file` that `name`
    /// leads to, before the name is given to another file (a save, or a move, copy or rename onto
    /// it). Recovery needs write access; where it fails, the record stays, and the file's
    /// generation keeps it from being settled against the new file (`AppendJournal.verdict`).
    static func settle(_ file: FileDescriptor, name: FileName, in folder: FileDescriptor) {
        if JournalFile.isPending(for: name, in: folder) {
            _ = try? recoverThroughName(of: file, name: name, in: folder)
        }
    }

    /// Before a move or rename of the locked `file`: repairs a crashed append (which, like any
    /// repair, needs write access to the file) and deletes the journal.
    static func detach(_ file: FileDescriptor, name: FileName, in folder: FileDescriptor) throws {
        if JournalFile.isPending(for: name, in: folder) {
            _ = try recoverThroughName(of: file, name: name, in: folder)
        }
        try JournalFile.remove(for: name, in: folder)
    }

    /// Removes the locked regular file `name` and its journal. The journal goes first once it is
    /// empty; a crash between the two steps then leaves the intact file without a journal. When a
    /// crashed append cannot be repaired (no write access to the file), the file goes first: it is
    /// being removed, its torn state no longer matters, and its journal must not be lost before it.
    package static func removeWithJournal(_ file: FileDescriptor, name: FileName, in folder: FileDescriptor, path: String) throws {
        let repaired = !JournalFile.isPending(for: name, in: folder)
            || (try? recoverThroughName(of: file, name: name, in: folder)) == true
        if repaired { try JournalFile.remove(for: name, in: folder) }
        try folder.remove(name, path: path)
        if !repaired { try JournalFile.remove(for: name, in: folder) }
    }
}
