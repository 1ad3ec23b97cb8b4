import Glibc

/// The journal of one stored file: `.shelf-journal-<name>` beside it, created by the first
/// in-place append and kept from then on, empty between appends. Keeping it makes an append two
/// syncs (the record, then the data) instead of four: no file is created or deleted, so the folder
/// needs no sync. Every use happens while the stored file's exclusive lock is held.
package final class JournalFile {
    static let namePrefix = SafePath.reservedPrefix + "journal-"

    let folder: FileDescriptor
    let name: String
    let path: String
    /// Nil until the file exists.
    private var file: FileDescriptor?

    /// The journal's name for the file `name`: shelf's reserved prefix, so it is never listed and
    /// can never clash with a user's file. Names too long for the prefix get a hash instead.
    static func name(for name: String) -> String {
        if namePrefix.utf8.count + name.utf8.count <= 255 { return namePrefix + name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return namePrefix + "#" + String(hash, radix: 16)
    }

    /// Whether the journal of `name` holds a record: one `fstatat`, the cost every locked reader
    /// pays. An empty or missing journal means no append needs repair.
    package static func isPending(for name: String, in folder: FileDescriptor) -> Bool {
        var st = stat()
        return fstatat(folder.raw, JournalFile.name(for: name), &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_size > 0
    }

    /// Opens the journal of the file `name` if it exists (it is created by the first `write`).
    /// A journal another user left that this process may not write is replaced when it is empty.
    init(for name: String, in folder: FileDescriptor) throws {
        self.folder = folder
        self.name = JournalFile.name(for: name)
        path = folder.path + "/" + self.name
        let fd = retryingEINTR { openat(folder.raw, self.name, O_RDWR | O_NOFOLLOW | O_CLOEXEC) }
        if fd >= 0 {
            file = FileDescriptor(raw: fd, path: path)
            return
        }
        let code = errno
        if code == ENOENT { return }
        if code == EACCES && !JournalFile.isPending(for: name, in: folder) && unlinkat(folder.raw, self.name, 0) == 0 { return }
        throw ShelfError.system(code, path: path, operation: "open journal")
    }

    deinit { file?.close() }

    /// The journal's bytes; empty when there is no record (the usual case: one `pread`).
    func contents() throws -> [UInt8] {
        guard let file else { return [] }
        let first = try AppendJournal.bytes(of: file, in: 0..<4096)
        if first.count < 4096 { return first }
        return try AppendJournal.bytes(of: file, in: 0..<Int(file.status().st_size))
    }

    /// Writes `record` and makes it durable before the data changes: `fdatasync` when the journal
    /// exists; when this is the first append, the new file is fsynced and so is the folder.
    /// - Parameter mode: the stored file's permission bits, which the journal gets when it is
    ///   created: it holds some of the file's bytes, and whoever may append must be able to use it.
    func write(_ record: AppendJournal, mode: mode_t, failpoints: Failpoints) throws {
        let created = file == nil
        let file = try self.file ?? create(mode: mode)
        let bytes = record.encoded()
        do {
            if failpoints.contains(.tornJournal) {
                try Array(bytes.prefix(bytes.count / 2)).withUnsafeBytes { try writeAll($0, to: file, at: 0) }
                failpoints.crash()
            }
            try bytes.withUnsafeBytes { try writeAll($0, to: file, at: 0) }
            if created {
                try file.sync()
                try AtomicFile.syncFolder(folder)
            } else {
                try file.dataSync()
            }
        } catch {
            // No data byte has changed: a torn record is ignored on recovery, but empty it anyway.
            _ = ftruncate(file.raw, 0)
            throw error
        }
    }

    /// Empties the journal without a sync: the commit of an append whose data is durable. If a
    /// power failure loses it, recovery finds the record and the file complete, and keeps it.
    func commit() {
        // A failure here changes nothing that matters: the next access sees a complete append.
        if let file { _ = ftruncate(file.raw, 0) }
    }

    /// Empties the journal durably: the end of a recovery.
    func clear() throws {
        guard let file else { return }
        if ftruncate(file.raw, 0) != 0 { throw ShelfError.lastError(path: path, operation: "empty journal") }
        try file.dataSync()
    }

    /// Deletes the journal of `name` (a file being removed or moved away; its lock is held and
    /// its journal is empty).
    static func remove(for name: String, in folder: FileDescriptor) throws {
        if unlinkat(folder.raw, JournalFile.name(for: name), 0) != 0 && errno != ENOENT {
            throw ShelfError.lastError(path: folder.path + "/" + JournalFile.name(for: name), operation: "remove journal")
        }
    }

    private func create(mode: mode_t) throws -> FileDescriptor {
        let created: FileDescriptor
        do {
            created = try folder.openAt(name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600, path: path)
        } catch ShelfError.alreadyExists {
            // Made meanwhile for another file of this name (this one was removed and made again):
            // ours now, under our lock; the caller syncs it and the folder as if it were new.
            let existing = try folder.openAt(name, O_RDWR | O_NOFOLLOW, path: path)
            file = existing
            return existing
        }
        let bits = mode & 0o666
        if bits != 0o600 && fchmod(created.raw, bits) != 0 {
            let failure = ShelfError.lastError(path: path, operation: "set journal permissions")
            created.close()
            throw failure
        }
        file = created
        return created
    }
}
