import Glibc

/// A stored file an appender holds: open for writing, exclusively locked, repaired if a crash
/// left it half-done, with its status (taken once, after the lock) and its journal.
struct LockedAppendFile {
    let file: FileDescriptor
    let status: stat
    let journal: JournalFile

    var size: Int { Int(status.st_size) }

    func close() { file.close() }
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
    static func openLockedForAppend(_ name: String, in folder: FileDescriptor, path: String,
                                    failpoints: Failpoints = .none) throws -> LockedAppendFile? {
        while true {
            let fd = retryingEINTR { openat(folder.raw, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
            if fd < 0 {
                if errno == ENOENT { return nil }
                throw ShelfError.lastError(path: path, operation: "open")
            }
            let file = FileDescriptor(raw: fd, path: path)
            do {
                try FileLock.lock(file, .exclusive)
                let st = try file.status()
                guard st.isRegularFile else {
                    throw ShelfError.unsupported(path: path, reason: "only regular files can be appended to")
                }
                if try isCurrent(st, name: name, in: folder, path: path) {
                    let journal = try JournalFile(for: name, in: folder)
                    let now = try recover(file, st, journal: journal, failpoints: failpoints)
                    return LockedAppendFile(file: file, status: now, journal: journal)
                }
            } catch {
                file.close()
                throw error
            }
            file.close()  // replaced meanwhile: start again with the file that has the name now
        }
    }

    /// Repairs `file` (whose status is `st`; open for writing, exclusively locked) if its journal
    /// holds a record, then empties the journal durably. Returns the file's status afterwards.
    /// The usual case, an empty journal, costs one `pread`.
    @discardableResult
    static func recover(_ file: FileDescriptor, _ st: stat, journal: JournalFile, failpoints: Failpoints = .none) throws -> stat {
        let bytes = try journal.contents()
        guard !bytes.isEmpty else { return st }
        var now = st
        // A record that does not decode was torn while being written, before any data changed.
        if let record = AppendJournal(decoding: bytes), try record.verdict(on: file, st) == .interrupted {
            try record.rollBack(file, failpoints: failpoints)
            now = try file.status()
        }
        try journal.clear()
        return now
    }

    /// Takes a shared lock on `file` (named `name` in `folder`) for reading. While a shared lock is
    /// held no append can be running, so a record in the journal then is a crashed append's: the
    /// lock is raised to exclusive, the file repaired, and the shared lock taken again.
    package static func lockShared(_ file: FileDescriptor, name: String, in folder: FileDescriptor) throws {
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
    package static func recoverThroughName(of file: FileDescriptor, name: String, in folder: FileDescriptor) throws -> Bool {
        let fd = retryingEINTR { openat(folder.raw, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        if fd < 0 {
            if errno == ENOENT { return false }
            throw ShelfError.lastError(path: file.path, operation: "open to recover an interrupted append")
        }
        let writable = FileDescriptor(raw: fd, path: file.path)
        defer { writable.close() }
        let st = try writable.status()
        guard try FileIdentity(st) == FileIdentity(file.status()) else { return false }
        try recover(writable, st, journal: JournalFile(for: name, in: folder))
        return true
    }

    /// Whether `name` in `folder` still is the file whose status is `st`.
    package static func isCurrent(_ st: stat, name: String, in folder: FileDescriptor, path: String) throws -> Bool {
        var now = stat()
        if fstatat(folder.raw, name, &now, AT_SYMLINK_NOFOLLOW) != 0 {
            if errno == ENOENT { return false }
            throw ShelfError.lastError(path: path, operation: "stat")
        }
        return FileIdentity(now) == FileIdentity(st)
    }
}
