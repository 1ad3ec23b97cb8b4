/// A stored file an appender holds: open for writing, exclusively locked, repaired if a crash
/// left it half-done, with its status (taken once, after the lock) and its journal.
struct LockedAppendFile {
    let file: FileDescriptor
    let status: FileStatus
    let journal: JournalFile
    /// `file` and any descriptor of it added, closed at the end of `closeAfter` or earlier, by a
    /// rewrite on FUSE just before its rename (`AtomicReplace.write`'s `letGo`).
    let held: HeldFiles

    var size: Int { Int(status.size) }

    /// Runs `body`, then closes the file, which lets its lock go.
    func closeAfter<R>(_ body: (LockedAppendFile) throws -> R) rethrows -> R {
        defer { held.letGo() }
        return try body(self)
    }
}

/// Who locks what (docs/formats.md): every shelf process that changes a stored file in place
/// holds an exclusive `flock` on the file itself; every reader holds a shared one; a save or move
/// that replaces the file takes the old file's exclusive lock before renaming over it. Kernel
/// locks die with their process, so a killed shelf never blocks the next one.
extension AppendJournal {
    /// Opens the regular file `name` for appending and locks it exclusively, after rolling back
    /// any append a crash left behind. Returns nil when there is no file of that name.
    ///
    /// The name is checked again once the lock is held: a save or move may have replaced the file
    /// while this process waited, and appending to the old, unlinked copy would lose the item.
    static func openLockedForAppend(_ name: FileName, in folder: FileDescriptor, path: String) throws -> LockedAppendFile? {
        while true {
            // On FUSE, not opened while a replace is under way (issue 21): see `ReplaceGate.passBeforeOpening`.
            try ReplaceGate.passBeforeOpening(name, in: folder)
            let file: FileDescriptor
            do {
                file = try folder.openRegular(name, .readWrite, path: path)
            } catch ShelfError.notFound {
                return nil
            }
            var locked: LockedAppendFile?
            _ = try file.kept { file in
                try FileLock.lock(file, .exclusive)
                let st = try file.status()
                guard st.isRegularFile else { throw ShelfError.notRegular(st, path: path) }
                // Replaced meanwhile (or being replaced, on FUSE: `ReplaceGate`): start again
                // with the file that has the name now.
                try ReplaceGate.pass(for: name, in: folder)
                guard try isCurrent(st, name: name, in: folder, path: path) else { return false }
                let journal = try JournalFile(for: name, in: folder)
                let now = try recover(file, st, journal: journal)
                locked = LockedAppendFile(file: file, status: now, journal: journal, held: HeldFiles(file))
                return true
            }
            if let locked { return locked }
        }
    }

    /// Repairs `file` (whose status is `st`; open for writing, exclusively locked) if its journal
    /// holds a record, then empties the journal durably. Returns the file's status afterwards.
    /// The usual case, no record, costs the journal's failed `open` (an empty journal, on FUSE,
    /// one `pread`).
    @discardableResult
    static func recover(_ file: FileDescriptor, _ st: FileStatus, journal: JournalFile) throws -> FileStatus {
        var now = st
        guard let decoded = try journal.record() else { return now }
        // A record that does not decode was torn while being written, before any data changed.
        if case .record(let record) = decoded, try record.verdict(on: file, now) == .interrupted {
            try record.rollBack(file)
            now = try file.status()
        }
        try journal.clear()
        return now
    }

    /// Takes a shared lock on `file` (named `name` in `folder`) for reading. While a shared lock is
    /// held no append can be running, so a record in the journal then is a crashed append's: the
    /// lock is raised to exclusive, the file repaired, and the shared lock taken again.
    package static func lockShared(_ file: FileDescriptor, name: FileName, in folder: FileDescriptor) throws {
        try FileLock.lock(file, .shared)
        // Each round empties the journal; a new record needs another crash in the moment the lock
        // is converted (flock converts by releasing first), so this ends at once in practice.
        while JournalFile.isPending(for: name, in: folder) {
            try FileLock.lock(file, .exclusive)
            let recovered = try recoverThroughName(of: file, name: name, in: folder)
            try FileLock.lock(file, .shared)
            if !recovered { return }  // the name now leads to another file; this one is a finished snapshot
        }
    }

    /// Recovery needs a writable descriptor; a reader (or a mover) may hold a read-only one, so
    /// the name is opened again, and recovery only happens if it still leads to the held file.
    package static func recoverThroughName(of file: FileDescriptor, name: FileName, in folder: FileDescriptor) throws -> Bool {
        let writable: FileDescriptor
        do {
            writable = try folder.open(name, [.readWrite, .noFollow, .nonBlocking], path: file.path,
                                       operation: .openToRecover)
        } catch ShelfError.notFound {
            return false
        }
        return try writable.closeAfter { writable in
            let st = try writable.status()
            guard try FileIdentity(st) == FileIdentity(file.status()) else { return false }
            try recover(writable, st, journal: JournalFile(for: name, in: folder))
            return true
        }
    }

    /// Whether `name` in `folder` still is the file whose status is `st`.
    package static func isCurrent(_ st: FileStatus, name: FileName, in folder: FileDescriptor, path: String) throws -> Bool {
        guard let now = try folder.status(of: name, path: path) else { return false }
        return FileIdentity(now) == FileIdentity(st)
    }
}
