/// The second lock of a stored file, on its journal (issue 21, item 2). On FUSE a replace must
/// not have its target open during the rename (libfuse would hide it first), so it lets go of the
/// target's lock before renaming; the gate keeps out, meanwhile, whoever would take that lock and
/// write to the old file, or rename over it, unaware that it is about to be replaced.
///
/// A replace holds the gate exclusively from before it lets go of the target until its rename is
/// durable. Whoever locks a stored file on FUSE (an append, an update, a replace, a remove) passes
/// the gate once the file's lock is held and before trusting that the name still leads to it:
/// passing waits for a replace under way, which then has renamed, so the name leads to the new
/// file and the waiter starts again on that one. The journal is shelf's own file beside the
/// target and is never replaced, so everyone finds the same lock under its name. Locks are taken
/// in one order only, the file's then the gate's, and a gate is never held while waiting for a
/// file's lock, so no two processes can wait for each other; kernel locks die with their process,
/// so a replace killed with the gate held blocks nobody.
///
/// On FUSE the journal is therefore never deleted between appends (elsewhere an append deletes it
/// at its commit, issue 22, item 15): it is the gate, and libfuse would only hide a file someone
/// holds open (`.fuse_hidden…`) instead of deleting it. It still goes with its file (`remove`, a
/// move), and a lock file that can be deleted has a classic race: a process that opened the name
/// before the deletion locks an inode nobody else will ever lock. So whoever locks the gate checks
/// afterwards that the name still leads to the inode it locked, and starts again otherwise.
enum ReplaceGate {
    /// Whether replaces of files in `folder` close their target first, so the gate is needed:
    /// on FUSE only, so that the local-disk path costs one `fstatfs` and nothing else.
    static func isNeeded(in folder: FileDescriptor) -> Bool {
        NetworkFileSystem.isFUSE(folder)
    }

    /// Takes the gate of `name` exclusively, creating the (empty) journal if there is none yet,
    /// with the stored file's permission bits `mode`, as the first append would. Closing the
    /// returned descriptor lets the gate go.
    static func hold(for name: FileName, in folder: FileDescriptor, mode: UInt32) throws -> OpenFile {
        let journal = JournalName.of(name)
        let path = folder.path(for: journal)
        while true {
            let gate: FileDescriptor
            do {
                gate = try JournalFile.open(journal, in: folder, path: path, [.readWrite, .noFollow, .nonBlocking])
            } catch ShelfError.permissionDenied {
                // Another user's journal: a lock needs no write access (not on FUSE, where the
                // kernel keeps flock locks itself).
                gate = try JournalFile.open(journal, in: folder, path: path, [.readOnly, .noFollow, .nonBlocking])
            } catch ShelfError.notFound {
                guard let created = try create(journal, in: folder, path: path, mode: mode) else { continue }
                gate = created
            }
            let held = OpenFile(gate)
            try FileLock.lock(gate, .exclusive)
            if try isNamed(gate, journal, in: folder) { return held }
        }
    }

    /// Whether `journal` in `folder` still leads to the open `gate` (not deleted, nor made anew).
    private static func isNamed(_ gate: FileDescriptor, _ journal: FileName, in folder: FileDescriptor) throws -> Bool {
        guard let named = try folder.status(of: journal) else { return false }
        return FileIdentity(named) == FileIdentity(try gate.status())
    }

    /// Waits until no replace of `name` holds its gate (where replaces close their target first).
    /// The caller holds the stored file's lock, and checks afterwards that the name still leads
    /// to its file. A journal that cannot be opened (missing, or not a regular file) has no
    /// replace holding it: `hold` needs it too.
    static func pass(for name: FileName, in folder: FileDescriptor) throws {
        guard isNeeded(in: folder) else { return }
        let journal = JournalName.of(name)
        while true {
            guard let gate = try? JournalFile.open(journal, in: folder, path: folder.path(for: journal), [.readOnly, .noFollow, .nonBlocking])
            else { return }
            // A gate deleted (or made anew) while this waited: pass the one there now, if any.
            let passed = try gate.closeAfter { gate in
                try FileLock.lock(gate, .shared)
                return try isNamed(gate, journal, in: folder) || folder.status(of: journal) == nil
            }
            if passed { return }
        }
    }

    /// Waits, where replaces close their target first (FUSE), until no replace of `name` holds its
    /// gate, before the caller opens the file to take its lock (issue 21). A file open in this
    /// process during a replace's rename makes libfuse hide the old file first (`.fuse_hidden…`),
    /// and for that moment the name leads nowhere: a command looking it up then finds no file.
    /// Opening only once the gate is free keeps an appender or updater that arrives while a replace
    /// renames from being that open file. One that is already waiting for the file's lock when the
    /// replace takes the gate still holds it open (docs/file-systems.md).
    static func passBeforeOpening(_ name: FileName, in folder: FileDescriptor) throws {
        try pass(for: name, in: folder)
    }

    /// A new, empty journal, durable under its name before anyone can write a record to it (an
    /// append then syncs only the record). Nil when another process created it first.
    private static func create(_ journal: FileName, in folder: FileDescriptor, path: String, mode: UInt32) throws -> FileDescriptor? {
        let created: FileDescriptor
        do {
            created = try folder.open(journal, [.readWrite, .create, .exclusive, .noFollow], path: path, operation: .openJournal)
        } catch ShelfError.alreadyExists {
            return nil
        }
        return try created.kept { created in
            let bits = mode & 0o666
            if bits != 0o600 { try created.setPermissions(bits, operation: .setJournalPermissions) }
            try created.sync()
            try AtomicReplace.syncFolder(folder)
            return true
        }
    }
}
