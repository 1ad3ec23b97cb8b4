import Glibc

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
    static func openLockedForAppend(_ name: String, in folder: FileDescriptor, path: String) throws -> FileDescriptor? {
        while true {
            let fd = retryingEINTR { openat(folder.raw, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
            if fd < 0 {
                if errno == ENOENT { return nil }
                throw ShelfError.lastError(path: path, operation: "open")
            }
            let file = FileDescriptor(raw: fd, path: path)
            do {
                let st = try file.status()
                guard st.isRegularFile else {
                    throw ShelfError.unsupported(path: path, reason: "only regular files can be appended to")
                }
                try FileLock.lock(file, .exclusive)
                if try isCurrent(file, name: name, in: folder) {
                    try recover(file, name: name, in: folder)
                    return file
                }
            } catch {
                file.close()
                throw error
            }
            file.close()  // replaced meanwhile: start again with the file that has the name now
        }
    }

    /// Takes a shared lock on `file` (named `name` in `folder`) for reading. While a shared lock is
    /// held no append can be running, so a journal seen then is a crashed append's: the lock is
    /// raised to exclusive, the file rolled back, and the shared lock taken again.
    static func lockShared(_ file: FileDescriptor, name: String, in folder: FileDescriptor) throws {
        try FileLock.lock(file, .shared)
        // Each round removes a journal; a new one needs another crash in the moment the lock is
        // converted (flock converts by releasing first), so this ends at once in practice.
        while exists(for: name, in: folder) {
            try FileLock.lock(file, .exclusive)
            let recovered = try recoverThroughName(of: file, name: name, in: folder)
            try FileLock.lock(file, .shared)
            if !recovered { return }  // the name now leads to another file; this one is a finished snapshot
        }
    }

    /// Rolls back a crashed append on `name` before a move, copy or rename takes the file away
    /// from its journal. Cheap when there is nothing to do: one `fstatat`.
    static func recoverIfNeeded(_ name: String, in folder: FileDescriptor, path: String) throws {
        guard exists(for: name, in: folder) else { return }
        try openLockedForAppend(name, in: folder, path: path)?.close()
    }

    /// Recovery needs a writable descriptor; a reader has a read-only one, so it opens the name
    /// again, and only acts if the name still leads to the file it holds.
    private static func recoverThroughName(of file: FileDescriptor, name: String, in folder: FileDescriptor) throws -> Bool {
        let fd = retryingEINTR { openat(folder.raw, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        if fd < 0 {
            if errno == ENOENT { return false }
            throw ShelfError.lastError(path: file.path, operation: "open to recover an interrupted append")
        }
        let writable = FileDescriptor(raw: fd, path: file.path)
        defer { writable.close() }
        guard try FileIdentity(writable.status()) == FileIdentity(file.status()) else { return false }
        try recover(writable, name: name, in: folder)
        return true
    }

    /// Whether `name` in `folder` still is the open `file`.
    static func isCurrent(_ file: FileDescriptor, name: String, in folder: FileDescriptor) throws -> Bool {
        var st = stat()
        if fstatat(folder.raw, name, &st, AT_SYMLINK_NOFOLLOW) != 0 {
            if errno == ENOENT { return false }
            throw ShelfError.lastError(path: file.path, operation: "stat")
        }
        return FileIdentity(st) == FileIdentity(try file.status())
    }
}
