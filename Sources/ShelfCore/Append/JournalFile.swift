/// The journal of one stored file: `.shelf-journal-<name>` beside it, created by the first
/// in-place append and kept from then on, empty between appends. Keeping it makes an append two
/// syncs (the record, then the data) instead of four: no file is created or deleted, so the folder
/// needs no sync. Every use happens while the stored file's exclusive lock is held.
package final class JournalFile {
    static let namePrefix = SafePath.reservedPrefix + "journal-"

    let folder: FileDescriptor
    let name: FileName
    let path: String
    /// Nil until the file exists.
    private var file: OpenFile?

    /// The journal's name for the file `name`: shelf's reserved prefix, so it is never listed and
    /// can never clash with a user's file. Names too long for the prefix get a hash instead.
    static func name(for name: FileName) -> FileName {
        if namePrefix.utf8.count + name.bytes.count <= 255 { return name.prefixed(by: namePrefix) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return FileName(namePrefix + "#" + String(hash, radix: 16))
    }

    /// Whether the journal of `name` holds a record: one `fstatat`, the cost every locked reader
    /// pays. An empty or missing journal means no append needs repair.
    package static func isPending(for name: FileName, in folder: FileDescriptor) -> Bool {
        ((try? folder.status(of: JournalFile.name(for: name)))?.size ?? 0) > 0
    }

    /// Opens the journal of the file `name` if it exists (it is created by the first `write`).
    /// A journal another user left that this process may not write is replaced when it is empty.
    init(for name: FileName, in folder: FileDescriptor) throws {
        self.folder = folder
        self.name = JournalFile.name(for: name)
        path = folder.path(for: self.name)
        do {
            file = OpenFile(try folder.open(self.name, [.readWrite, .noFollow], path: path, operation: .openJournal))
        } catch ShelfError.notFound {
            return
        } catch ShelfError.permissionDenied where !JournalFile.isPending(for: name, in: folder) && (try? folder.remove(self.name)) != nil {
            return
        }
    }

    /// The journal's bytes; empty when there is no record (the usual case: one `pread`).
    func contents() throws -> [UInt8] {
        guard let file = file?.descriptor else { return [] }
        let first = try file.bytes(in: 0..<4096)
        if first.count < 4096 { return first }
        return try file.bytes(in: 0..<Int(file.status().size))
    }

    /// Writes `record` and makes it durable before the data changes: `fdatasync` when the journal
    /// exists; when this is the first append, the new file is fsynced and so is the folder.
    /// - Parameter mode: the stored file's permission bits, which the journal gets when it is
    ///   created: it holds some of the file's bytes, and whoever may append must be able to use it.
    func write(_ record: AppendJournal, mode: UInt32, failpoints: Failpoints) throws {
        let created = file == nil
        let file = try self.file?.descriptor ?? create(mode: mode)
        let bytes = record.encoded()
        do {
            if failpoints.contains(.tornJournal) {
                try file.writeAll(toAbsoluteOffset: 0, Array(bytes.prefix(bytes.count / 2)))
                failpoints.crash()
            }
            try file.writeAll(toAbsoluteOffset: 0, bytes)
            if created {
                try file.sync()
                try AtomicReplace.syncFolder(folder)
            } else {
                try file.dataSync()
            }
        } catch {
            // No data byte has changed: a torn record is ignored on recovery, but empty it anyway.
            try? file.resize(to: 0)
            throw error
        }
    }

    /// Empties the journal without a sync: the commit of an append whose data is durable. If a
    /// power failure loses it, recovery finds the record and the file complete, and keeps it.
    func commit() {
        // A failure here changes nothing that matters: the next access sees a complete append.
        try? file?.descriptor.resize(to: 0)
    }

    /// Empties the journal durably: the end of a recovery.
    func clear() throws {
        guard let file = file?.descriptor else { return }
        try file.resize(to: 0, operation: .emptyJournal)
        try file.dataSync()
    }

    /// Deletes the journal of `name` (a file being removed or moved away; its lock is held and
    /// its journal is empty).
    static func remove(for name: FileName, in folder: FileDescriptor) throws {
        let journal = JournalFile.name(for: name)
        do {
            try kernel.remove(SystemString(journal), in: folder.raw, isFolder: false)
        } catch .noSuchFile {
            return
        } catch {
            throw ShelfError.system(error, path: folder.path(for: journal), operation: .removeJournal)
        }
    }

    private func create(mode: UInt32) throws -> FileDescriptor {
        let created: FileDescriptor
        do {
            created = try folder.open(name, [.readWrite, .create, .exclusive, .noFollow], path: path)
        } catch ShelfError.alreadyExists {
            // Made meanwhile for another file of this name (this one was removed and made again):
            // ours now, under our lock; the caller syncs it and the folder as if it were new.
            let existing = OpenFile(try folder.open(name, [.readWrite, .noFollow], path: path))
            file = existing
            return existing.descriptor
        }
        let owned = OpenFile(created)
        let bits = mode & 0o666
        if bits != 0o600 { try created.setPermissions(bits, operation: .setJournalPermissions) }
        file = owned
        return created
    }
}
