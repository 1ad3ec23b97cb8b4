/// Moving, renaming or removing a stored file takes it away from its journal, which stays under
/// the old name. These steps run under the file's exclusive lock, so no append is half-way
/// through meanwhile: a crashed append is rolled back first, then the journal (empty by then) is
/// deleted, so journals never outlive their file's name and never pile up.
extension FileLocks {
    /// Opens the regular file `name` read-only (moving or removing a file needs no write access to
    /// it) and locks it exclusively, checking once locked that the name still leads to it.
    /// Returns nil when `name` is not, or no longer, a regular file. The caller closes it.
    static func lockExclusively(_ name: FileName, in folder: FileDescriptor, path: String) throws -> FileDescriptor? {
        while true {
            // On FUSE the gate first (`ReplaceGate`), until the file's lock is held.
            var gate: OpenFile?
            if ReplaceGate.isNeeded(in: folder) {
                guard let st = try folder.status(of: name, path: path), st.isRegularFile else { return nil }
                gate = try ReplaceGate.hold(for: name, in: folder, mode: st.permissions)
            }
            defer { withExtendedLifetime(gate) {} }
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
                return try isFile && isStillNamed(st, name: name, in: folder, path: path)
            }
            if let locked { return locked }
            if !isFile { return nil }
            // Replaced meanwhile: lock the file that has the name now.
        }
    }

    /// Before a move or rename of the locked `file`: repairs a crashed append (which, like any
    /// repair, needs write access to the file) and deletes the journal.
    static func detachBeforeMoving(_ file: FileDescriptor, name: FileName, in folder: FileDescriptor) throws {
        try settle(file, name: name, in: folder)
        try JournalFile.remove(for: name, in: folder)
    }

    /// Removes the locked regular file `name` and its journal. The journal goes first once it is
    /// empty; a crash between the two steps then leaves the intact file without a journal. When a
    /// crashed append cannot be repaired (no write access to the file), the file goes first: it is
    /// being removed, its torn state no longer matters, and its journal must not be lost before it.
    static func remove(_ file: FileDescriptor, name: FileName, in folder: FileDescriptor, path: String) throws {
        let repaired = !JournalFile.isPending(for: name, in: folder)
            || (try? recoverThroughName(of: file, name: name, in: folder)) == true
        if repaired { try JournalFile.remove(for: name, in: folder) }
        try folder.remove(name, path: path)
        if !repaired { try JournalFile.remove(for: name, in: folder) }
    }
}

/// What `clear` needs to know of the files this layer keeps beside a stored file (its journal,
/// and an earlier version's): they are not data, and go with their file.
extension FileLocks {
    /// Whether a crashed append left a record for `name` that a lock would settle first.
    static func needsSettling(_ name: FileName, in folder: FileDescriptor) -> Bool {
        JournalFile.isPending(for: name, in: folder)
    }

    /// Whether shelf's own name `name` is one of these files.
    static func isLockRecord(_ name: FileName) -> Bool {
        name.hasPrefix(JournalName.commonPrefix)
    }

    /// The names among `names` whose record `record` may be (more than one for a hashed name).
    static func owners(ofLockRecord record: FileName, among names: [FileName]) -> [FileName] {
        JournalName.owners(of: record, among: names)
    }

    /// Removes the records of `name` found among `names`, once `name` itself was removed under its
    /// exclusive lock: no append was running, and a record has nothing left to roll back.
    static func removeLockRecords(of name: FileName, among names: [FileName], in folder: FileDescriptor) {
        let journal = JournalName.of(name)
        if names.contains(journal) { try? folder.remove(journal) }
    }
}
