/// The second lock of a stored file, on its journal (issue 21, item 2). On FUSE a replace must
/// not have its target open during the rename, and no one else may have it open either: libfuse's
/// high-level API (mounted without `hard_remove`) hides a file that is open when it is replaced
/// (`.fuse_hidden…`) before the rename, and a cut between the two steps leaves neither file under
/// the name. So on FUSE whoever opens a stored file to lock it takes its gate first:
///
/// - a replace (`FileLocks.replace`), exclusively, from before it opens the old file until its
///   rename is durable, letting go of the old file before the rename;
/// - a change in place (an append, an update: `FileLocks.lockForChange`), exclusively, for as long
///   as it holds the file, since its rewrite (a replace whose content derives from the old file)
///   renames while it holds it;
/// - a move or a remove (`FileLocks.lockExclusively`), exclusively, and a retrieve
///   (`FileLocks.openForReading`), shared, until they hold the file's lock.
///
/// Whoever waits for a replace waits here, without the file open, and then opens the file that
/// has the name now. The journal is shelf's own file beside the target and is never replaced, so
/// everyone finds the same lock under its name.
///
/// Why this cannot deadlock: a process waits for a gate only while it holds no file's lock
/// (except its own gate's file, whose gate it already holds: a rewrite never takes it again), and
/// a process that holds a file's lock and must replace another file (a move onto a locked target)
/// only tries that target's gate and lock, and lets go of everything when either is taken
/// (`TargetBusy`). Every wait is thus for a gate, then for a file, in that order, and whoever holds
/// a file's lock waits for no gate: no two processes can wait for each other. A `shelf` run by
/// `update` that would wait for the gate of the file its ancestor holds is refused at once
/// (`UpdateLocks`), as for the file's own lock. Kernel locks die with their process, so a
/// process killed with a gate held blocks nobody.
///
/// On FUSE the journal is therefore never deleted between appends (elsewhere an append deletes it
/// at its commit, issue 22, item 15): it is the gate, and libfuse would only hide a file someone
/// holds open instead of deleting it. It still goes with its file (`remove`, a move), and a lock
/// file that can be deleted has a classic race: a process that opened the name before the
/// deletion locks an inode nobody else will ever lock. So whoever locks the gate checks afterwards
/// that the name still leads to the inode it locked, and starts again otherwise.
enum ReplaceGate {
    /// Whether replaces of files in `folder` close their target first, so the gate is needed:
    /// on FUSE only, so that the local-disk path costs one `fstatfs` and nothing else.
    static func isNeeded(in folder: FileDescriptor) -> Bool {
        NetworkFileSystem.isFUSE(folder)
    }

    /// Takes the gate of `name` exclusively, creating the (empty) journal if there is none yet,
    /// with the stored file's permission bits `mode`, as the first append would. Closing the
    /// returned descriptor lets the gate go. Without `wait`, nil when someone holds it.
    static func hold(for name: FileName, in folder: FileDescriptor, mode: UInt32, wait: Bool = true) throws -> OpenFile? {
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
            guard try lock(gate, .exclusive, of: name, in: folder, wait: wait) else { return nil }
            if try isNamed(gate, journal, in: folder) { return held }
        }
    }

    /// Takes the gate of `name` shared, for a reader, if the file has a journal (one it never had
    /// no replace holds either). Closing the returned descriptor lets the gate go.
    static func share(for name: FileName, in folder: FileDescriptor) throws -> OpenFile? {
        let journal = JournalName.of(name)
        while true {
            guard let gate = try? JournalFile.open(journal, in: folder, path: folder.path(for: journal), [.readOnly, .noFollow, .nonBlocking])
            else { return nil }
            let held = OpenFile(gate)
            _ = try lock(gate, .shared, of: name, in: folder, wait: true)
            if try isNamed(gate, journal, in: folder) { return held }
        }
    }

    /// Locks `gate`; false when `wait` is false and someone holds it. A gate whose file an
    /// ancestor `update` holds is refused, not waited for, as the file's own lock is (`FileLock`).
    private static func lock(_ gate: FileDescriptor, _ kind: FileLock.Kind, of name: FileName, in folder: FileDescriptor,
                             wait: Bool) throws -> Bool {
        guard !wait || !UpdateLocks.inherited.isEmpty else {
            try FileLock.lock(gate, kind)
            return true
        }
        if try FileLock.tryLock(gate, kind) { return true }
        if !wait { return false }
        if let st = try folder.status(of: name), UpdateLocks.inherited.contains(FileIdentity(st)) {
            throw ShelfError.lockedByUpdate(path: folder.path(for: name))
        }
        try FileLock.lock(gate, kind)
        return true
    }

    /// Whether `journal` in `folder` still leads to the open `gate` (not deleted, nor made anew).
    private static func isNamed(_ gate: FileDescriptor, _ journal: FileName, in folder: FileDescriptor) throws -> Bool {
        guard let named = try folder.status(of: journal) else { return false }
        return FileIdentity(named) == FileIdentity(try gate.status())
    }

    /// A new, empty journal, durable under its name before anyone can write a record to it (an
    /// append then syncs only the record). Nil when another process created it first.
    private static func create(_ journal: FileName, in folder: FileDescriptor, path: String, mode: UInt32) throws -> FileDescriptor? {
        try JournalFile.create(journal, in: folder, path: path, mode: mode, operation: .openJournal)?.kept { created in
            try created.sync()
            try folder.syncFolder()
            return true
        }
    }
}
