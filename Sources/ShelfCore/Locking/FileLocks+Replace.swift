/// Replacing a stored file: the lock it is replaced under, and its journal settled before the
/// name goes to another file, so no writer has to remember either.
extension FileLocks {
    /// What to do about the exclusive lock of a regular file that is about to be replaced. Holding
    /// it during the rename means no in-place append or locked reader is half-way through the old
    /// file when it goes (docs/formats.md, "Locks").
    package enum OldFileLock: Sendable {
        /// Wait for it.
        case wait
        /// Throw `TargetBusy` instead of waiting: the caller holds another lock it must let go first.
        case failIfBusy
        /// This process holds it already (through another descriptor, which a second `flock`
        /// would wait for forever). On FUSE the caller's `letGo` closes it before the rename.
        case heldByCaller
    }

    /// Thrown by `replace` with `.failIfBusy` when the file it would replace is locked: the caller
    /// holds another lock (the source's) and must let it go before waiting, or two moves in
    /// opposite directions would wait for each other forever.
    struct TargetBusy: Error {}

    /// A file about to be replaced, opened before the commit point (to read what it carries:
    /// `KeptMetadata`), with the identity it had then; closed with its last reference.
    struct OpenedOldFile {
        let open: OpenFile
        let identity: FileIdentity
        var file: FileDescriptor { open.descriptor }
    }

    /// Puts a new file under `target`'s name by `renameIntoPlace` (one rename, over the old file
    /// or over nothing), holding the old file's exclusive lock, its crashed append (if any)
    /// settled first: the one way a writer replaces a stored file. Returns the `ReplaceGate` held
    /// (on FUSE), which the caller lets go once the rename is durable.
    ///
    /// On FUSE the old file is closed (its lock let go) before the rename (issue 21, item 2):
    /// libfuse's high-level API, mounted without `hard_remove`, replaces a file that is open in two
    /// steps (the old file renamed to `.fuse_hidden…`, then the rename), and a cut between them
    /// leaves neither file under the name. The file's `ReplaceGate`, taken before the old file is
    /// opened and held until the rename is durable, keeps everyone else from opening it meanwhile.
    ///
    /// `opened`: the old file, open already (read-only, not following links, as here) and found
    /// under the name at the commit point: the lock is taken on it rather than on a second open
    /// of the name (not on FUSE, where it is opened after the gate). The caller keeps it open.
    static func replace(_ target: Target, oldFile: OldFileLock, mode: UInt32, opened: FileDescriptor? = nil, letGo: () -> Void,
                        renameIntoPlace: () throws -> Void) throws -> OpenFile? {
        let closeFirst = ReplaceGate.isNeeded(in: target.folder)
        if oldFile == .heldByCaller {
            // An update or an append's rewrite: its new content derives from the old file, which
            // nobody may change from here on; on FUSE it holds the gate too (`lockForChange`).
            if closeFirst { letGo() }
            try renameIntoPlace()
            return nil
        }
        // Locks the old file, settles its journal and (but on FUSE) renames. False: on FUSE, the
        // file is no longer the one named, and all is to be done again.
        func lockSettleAndRename(_ old: FileDescriptor) throws -> Bool {
            if oldFile == .wait {
                try FileLock.lock(old, .exclusive)
            } else if try !FileLock.tryLock(old, .exclusive) {
                throw TargetBusy()
            }
            // Replaced by another program while this waited: replace the file there now.
            if closeFirst, try !isStillNamed(old.status(), name: target.name, in: target.folder, path: target.path) {
                return false
            }
            // The old file's journal must not outlive it (issue 12, item 1): a crashed append's
            // record is settled against the file it was written for, under its lock, before the
            // name goes to another file. The journal, emptied, is deleted (on FUSE it stays: the gate).
            // Recovery needs write access; where it fails, the record stays, and the file's
            // generation keeps it from being settled against the new file (`JournalRecord.verdict`).
            try? settle(old, name: target.name, in: target.folder)
            if !closeFirst { try renameIntoPlace() }
            return true
        }
        if let opened, !closeFirst {
            _ = try lockSettleAndRename(opened)
            return nil
        }
        while true {
            // The gate, then the file's lock (the one order: see `ReplaceGate`); a caller that
            // must not wait (it holds another file's lock) waits for neither.
            var gate: OpenFile?
            if closeFirst {
                gate = try ReplaceGate.hold(for: target.name, in: target.folder, mode: mode, wait: oldFile == .wait)
                if gate == nil { throw TargetBusy() }
            }
            guard let old = try? target.folder.openForExclusiveLock(target.name, [.readOnly, .noFollow, .nonBlocking], path: target.path)
            else {
                try renameIntoPlace()
                return gate
            }
            guard try old.closeAfter(lockSettleAndRename) else { continue }
            if closeFirst { try renameIntoPlace() }
            return gate
        }
    }
}
