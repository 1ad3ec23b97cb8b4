/// A stored file locked for a change in place (an append, an update): open for writing,
/// exclusively locked, repaired if a crash left it half-done, with its status (taken once, after
/// the lock) and its journal.
struct LockedFile {
    let file: FileDescriptor
    let status: FileStatus
    let journal: JournalFile
    /// `file` and any descriptor of it added, closed at the end of `closeAfter` or earlier, by a
    /// rewrite on FUSE just before its rename (`AtomicReplace.write`'s `letGo`).
    let held: HeldFiles
    /// On FUSE, the file's `ReplaceGate`, held exclusively for as long as the file is.
    let gate: OpenFile?

    var size: Int { Int(status.size) }

    /// Runs `body`, then closes the file, which lets its lock go (and then its gate).
    func closeAfter<R>(_ body: (LockedFile) throws -> R) rethrows -> R {
        defer {
            held.letGo()
            withExtendedLifetime(gate) {}
        }
        return try body(self)
    }
}

/// The Locking layer's face: how every command that reads, changes, replaces, moves or removes a
/// stored file locks it, so that none has to know about the journal beside it. Who locks what
/// (docs/formats.md): every shelf process that changes a stored file in place holds an exclusive
/// `flock` on the file itself; every reader holds a shared one; a save or move that replaces the
/// file takes the old file's exclusive lock before renaming over it. Kernel locks die with their
/// process, so a killed shelf never blocks the next one. Whoever holds a file's lock through these
/// calls finds it settled: an append a crash left half-done is rolled back first.
package enum FileLocks {
    /// Opens the regular file `name` for a change in place (an append, an update) and locks it
    /// exclusively, after rolling back any append a crash left behind. Returns nil when there is
    /// no file of that name.
    ///
    /// The name is checked again once the lock is held: a save or move may have replaced the file
    /// while this process waited, and appending to the old, unlinked copy would lose the item.
    static func lockForChange(_ name: FileName, in folder: FileDescriptor, path: String) throws -> LockedFile? {
        while true {
            // On FUSE the gate first (`ReplaceGate`), kept for the whole change: its rewrite
            // renames while the file is held. Nil where it is not needed.
            var gate: OpenFile?
            if ReplaceGate.isNeeded(in: folder) {
                guard let st = try folder.status(of: name, path: path) else { return nil }
                gate = try ReplaceGate.hold(for: name, in: folder, mode: st.permissions)
            }
            guard let file = try nilIfNotFound({ try folder.openRegular(name, .readWrite, path: path) }) else { return nil }
            var locked: LockedFile?
            _ = try file.kept { file in
                try FileLock.lock(file, .exclusive)
                let st = try file.status()
                guard st.isRegularFile else { throw ShelfError.notRegular(st, path: path) }
                // Replaced meanwhile: start again with the file that has the name now.
                guard try isStillNamed(st, name: name, in: folder, path: path) else { return false }
                let journal = try JournalFile(for: name, in: folder)
                let now = try JournalRecord.recover(file, st, journal: journal)
                locked = LockedFile(file: file, status: now, journal: journal, held: HeldFiles(file), gate: gate)
                return true
            }
            if let locked { return locked }
        }
    }

    /// Opens the regular file `name` read-only under its shared lock, settled (`lockForReading`);
    /// on FUSE once its gate is passed (`ReplaceGate`), so that it is not open while a replace
    /// renames. The caller closes it.
    static func openForReading(_ name: FileName, in folder: FileDescriptor, path: String) throws -> FileDescriptor {
        try openForReading(name, in: folder) { try folder.openRegular(name, .readOnly, path: path) }!
    }

    /// `openForReading` for readers that open the file their own way (a copy, sync, the library's
    /// folder reads): `opening` opens `name` (nil: nothing to read, returned as is), and the file is
    /// returned under its shared lock, settled. Every reader passes the gate on FUSE: one that
    /// opened the file while a replace holds the gate would be the open file that makes libfuse
    /// hide the old one first (issue 21, item 2). The gate is let go once the lock is held: from
    /// then on the shared lock keeps a replace waiting until the reader closes the file.
    static func openForReading(_ name: FileName, in folder: FileDescriptor,
                               opening: () throws -> FileDescriptor?) throws -> FileDescriptor? {
        let gate = ReplaceGate.isNeeded(in: folder) ? try ReplaceGate.share(for: name, in: folder) : nil
        defer { withExtendedLifetime(gate) {} }
        guard let file = try opening() else { return nil }
        return try file.kept { file in
            // On a network file system a file another host renamed over may answer ENOENT to
            // `flock`: a stale handle, to be opened again (`openedFileGone`), not "not found".
            try openedFileGone(file) { try lockForReading(file, name: name, in: folder) }
            return true
        }
    }

    /// Takes a shared lock on `file` (named `name` in `folder`) for reading. While a shared lock is
    /// held no append can be running, so a record in the journal then is a crashed append's: the
    /// lock is raised to exclusive, the file repaired, and the shared lock taken again.
    static func lockForReading(_ file: FileDescriptor, name: FileName, in folder: FileDescriptor) throws {
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

    /// Settles a crashed append's record, if there is one, against `file` (named `name` in
    /// `folder`), whose exclusive lock the caller holds through a descriptor of any access.
    static func settle(_ file: FileDescriptor, name: FileName, in folder: FileDescriptor) throws {
        if JournalFile.isPending(for: name, in: folder) { _ = try recoverThroughName(of: file, name: name, in: folder) }
    }

    /// Recovery needs a writable descriptor; a reader (or a mover) may hold a read-only one, so
    /// the name is opened again, and recovery only happens if it still leads to the held file.
    static func recoverThroughName(of file: FileDescriptor, name: FileName, in folder: FileDescriptor) throws -> Bool {
        guard let writable = try nilIfNotFound({
            try folder.open(name, [.readWrite, .noFollow, .nonBlocking], path: file.path, operation: .openToRecover)
        }) else { return false }
        return try writable.closeAfter { writable in
            let st = try writable.status()
            guard try FileIdentity(st) == FileIdentity(file.status()) else { return false }
            try JournalRecord.recover(writable, st, journal: JournalFile(for: name, in: folder))
            return true
        }
    }

    /// Whether `name` in `folder` still is the file whose status is `st`.
    static func isStillNamed(_ st: FileStatus, name: FileName, in folder: FileDescriptor, path: String) throws -> Bool {
        guard let now = try folder.status(of: name, path: path) else { return false }
        return FileIdentity(now) == FileIdentity(st)
    }
}

extension JournalRecord {
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
}
