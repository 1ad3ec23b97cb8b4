/// The journal of one stored file (`JournalName`), created by an in-place append for its record
/// and deleted at its commit: nothing is left beside the file between appends (issue 22, item 15;
/// it used to stay, empty, and file managers and backups of `~/Documents` showed it). An append
/// costs three syncs (the new journal, its folder, the data), and the deletion none. Every use
/// happens while the stored file's exclusive lock is held, so the journal is only ever deleted by
/// the one process that may use it. On FUSE it stays, empty, between appends: it is also the
/// file's `ReplaceGate`, which others lock without the file's lock.
final class JournalFile {
    let folder: FileDescriptor
    let name: FileName
    let path: String
    /// Nil until the file exists.
    private var file: OpenFile?

    /// Whether the journal of `name` holds a record: one `fstatat`, the cost every locked reader
    /// pays. An empty or missing journal means no append needs repair.
    static func isPending(for name: FileName, in folder: FileDescriptor) -> Bool {
        holdsRecord(try? folder.status(of: JournalName.of(name)))
    }

    /// Only a regular file can be a journal: anything else under its name (a folder, a FIFO, a
    /// link) holds no record to settle, and an append refuses to use it (`open`).
    static func holdsRecord(_ st: FileStatus?) -> Bool {
        guard let st else { return false }
        return st.isRegularFile && st.size > 0
    }

    /// Opens the journal of the file `name` if it exists (it is created by the first `write`).
    /// A journal another user left that this process may not write is replaced when it is empty.
    init(for name: FileName, in folder: FileDescriptor) throws {
        self.folder = folder
        self.name = JournalName.of(name)
        path = folder.path(for: self.name)
        do {
            file = OpenFile(try JournalFile.open(self.name, in: folder, path: path, [.readWrite, .noFollow, .nonBlocking]))
        } catch ShelfError.notFound {
            return
        } catch ShelfError.permissionDenied where !JournalFile.isPending(for: name, in: folder) && (try? folder.remove(self.name)) != nil {
            return
        }
    }

    /// What the journal holds: nothing (the usual case, one `pread`), or its first bytes decoded.
    /// Never more than `JournalRecord.readLimit` bytes are read, however large or sparse it is.
    func record() throws -> JournalRecord.Decoded? {
        guard let file = file?.descriptor else { return nil }
        return try JournalFile.read(file)
    }

    /// Opens a journal, refusing anything but a regular file: a FIFO or a device planted under
    /// its name is never read or written as one.
    static func open(_ name: FileName, in folder: FileDescriptor, path: String, _ options: OpenOptions) throws -> FileDescriptor {
        let notJournal = ShelfError.unsupported(path: path, reason: "it is not a regular file, so it is not shelf's journal; remove it")
        let file: FileDescriptor
        do {
            file = try folder.open(name, options, path: path, operation: .openJournal)
        } catch ShelfError.isAFolder {
            throw notJournal
        }
        guard let regular = try file.kept(if: { try $0.status().isRegularFile }) else { throw notJournal }
        return regular
    }

    /// Reads and decodes the start of an open journal; nil when it is empty.
    static func read(_ file: FileDescriptor) throws -> JournalRecord.Decoded? {
        var bytes = try file.bytes(in: 0..<4096)
        if bytes.isEmpty { return nil }
        if bytes.count == 4096 {
            let size = Int(clamping: try file.status().size)
            bytes = try file.bytes(in: 0..<Swift.min(size, JournalRecord.readLimit))
        }
        return JournalRecord.decode(bytes)
    }

    /// Writes `record` and makes it durable before the data changes: `fdatasync` when the journal
    /// exists; when this is the first append, the new file is fsynced and so is the folder.
    /// - Parameter mode: the stored file's permission bits, which the journal gets if created (`create`).
    func write(_ record: JournalRecord, mode: UInt32) throws {
        let created = file == nil
        let file = try self.file?.descriptor ?? create(mode: mode)
        let bytes = record.encoded()
        do {
            if Failpoints.contains(.tornJournal) {
                try file.writeAll(toAbsoluteOffset: 0, Array(bytes.prefix(bytes.count / 2)))
                Failpoints.crash()
            }
            try file.writeAll(toAbsoluteOffset: 0, bytes)
            if created {
                try file.sync()
                try folder.syncFolder()
            } else {
                try file.dataSync()
            }
        } catch {
            // No data byte has changed: a torn record is ignored on recovery, but empty it anyway.
            try? file.resize(to: 0)
            throw error
        }
    }

    /// Deletes the journal without a sync: the commit of an append whose data is durable. If a
    /// power failure loses the deletion, recovery finds the record and the file complete, and
    /// keeps it. Where the name cannot be removed (the folder became read-only) or must stay (on
    /// FUSE), the journal is emptied instead.
    func commit() {
        // A failure here changes nothing that matters: the next access sees a complete append.
        guard let open = file else { return }
        if !deleteName() { try? open.descriptor.resize(to: 0) }
    }

    /// Empties the journal durably, then deletes it: the end of a recovery. Once the emptying is
    /// durable, a journal that a power failure brings back is empty and holds nothing to settle.
    func clear() throws {
        guard let file = file?.descriptor else { return }
        try file.resize(to: 0, operation: .emptyJournal)
        try file.dataSync()
        _ = deleteName()
    }

    /// Removes the journal's name, if it still leads to the journal this object opened (under the
    /// file's lock it always does); the journal is created anew by the next record. Not on FUSE,
    /// where the journal is the replace gate (see `ReplaceGate`).
    private func deleteName() -> Bool {
        guard !ReplaceGate.isNeeded(in: folder),
              let open = file?.descriptor, let st = try? open.status(), let named = try? folder.status(of: name),
              FileIdentity(named) == FileIdentity(st), (try? folder.remove(name, path: path)) != nil else { return false }
        file = nil
        return true
    }

    /// Deletes the journal of `name` (a file being removed or moved away; its lock is held and a
    /// record in its journal has been settled).
    static func remove(for name: FileName, in folder: FileDescriptor) throws {
        let journal = JournalName.of(name)
        do {
            try kernel.remove(SystemString(journal), in: folder.raw, isFolder: false)
        } catch .noSuchFile {
            // none
        } catch .isFolder {
            // A folder under the journal's name is not a journal (`holdsRecord`): it holds no
            // record of this file, so a rename, move or removal has nothing to settle there and
            // must not fail for it. It may hold someone's files: it stays, and only an append,
            // which needs the journal, refuses it, naming it (`open`).
        } catch {
            throw ShelfError.system(error, path: folder.path(for: journal), operation: .removeJournal)
        }
    }

    private func create(mode: UInt32) throws -> FileDescriptor {
        // Made meanwhile for another file of this name (this one was removed and made again): ours
        // now, under our lock; the caller syncs it and the folder as if it were new.
        let created = try JournalFile.create(name, in: folder, path: path, mode: mode, operation: .open)
            ?? JournalFile.open(name, in: folder, path: path, [.readWrite, .noFollow, .nonBlocking])
        file = OpenFile(created)
        return created
    }

    /// Creates the journal `name` exclusively, with the stored file's permission bits `mode` (it
    /// holds some of the file's bytes, and whoever may append must be able to use it); nil when
    /// it exists already.
    static func create(_ name: FileName, in folder: FileDescriptor, path: String, mode: UInt32,
                       operation: SystemOperation) throws -> FileDescriptor? {
        let created: FileDescriptor
        do {
            created = try folder.open(name, [.readWrite, .create, .exclusive, .noFollow], path: path, operation: operation)
        } catch ShelfError.alreadyExists {
            return nil
        }
        return try created.kept { created in
            let bits = mode & 0o666
            if bits != 0o600 { try created.setPermissions(bits, operation: .setJournalPermissions) }
            return true
        }
    }
}
