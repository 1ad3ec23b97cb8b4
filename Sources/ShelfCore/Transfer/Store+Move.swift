import Glibc

extension Store {
    /// Moves a file or folder to the same relative path in another directory (Disk's
    /// `move(_:in:to:)`); missing folders on the way are created.
    ///
    /// Within one file system this is one `rename`. Across file systems (`temporary` is often a
    /// tmpfs) the source is copied beside the target, fsynced, renamed into place and only then
    /// removed: a crash at any moment leaves the source intact (and perhaps also the complete
    /// copy), never neither.
    /// - Parameter replace: replace an existing target. A file over a file is one atomic rename;
    ///   anything involving a folder is an atomic exchange where the kernel supports it (see
    ///   `AtomicRename`), after which the old target is removed.
    /// - Returns: the absolute path of the moved entry.
    /// - Throws: `notFound`, `alreadyExists`, `invalidTarget` (the same place, or a folder into
    ///   itself), `symbolicLink`, `invalidName`, `permissionDenied`, `noSpace`, …
    @discardableResult
    public func move(_ path: String, in directory: Directory, to destination: Directory, replace: Bool = false) throws -> String {
        try relocate(path, in: directory, to: path, in: destination, replace: replace)
    }

    /// The work of `move` and `rename`. `forceCopy` takes the cross-file-system path even on one
    /// file system, so that tests can reach it anywhere.
    ///
    /// A file is held under its exclusive lock from before its journal is dealt with until it is
    /// under its new name (or, across file systems, removed): no append is half-way through it
    /// meanwhile, and the journal, which stays under the old name, is deleted once a crashed
    /// append has been rolled back. A file to replace is then locked without waiting; if it is
    /// busy, everything is let go, and the move starts again once that lock is free.
    @discardableResult
    package func relocate(_ path: String, in directory: Directory, to newPath: String, in destination: Directory,
                  replace: Bool, forceCopy: Bool = false) throws -> String {
        while true {
            let transfer = try openTransfer(path, in: directory, to: newPath, in: destination, replace: replace)
            defer { transfer.close() }
            let source = transfer.source
            var locked: FileDescriptor?
            defer { locked?.close() }
            if transfer.sourceStatus.isRegularFile {
                do {
                    locked = try AppendJournal.openLockedExclusive(source.name, in: source.folder, path: source.path)
                    guard let locked, try FileIdentity(locked.status()) == FileIdentity(transfer.sourceStatus) else {
                        continue  // replaced or removed since it was checked: check again
                    }
                    try AppendJournal.detach(locked, name: source.name, in: source.folder)
                } catch ShelfError.permissionDenied where !JournalFile.isPending(for: source.name, in: source.folder) {
                    // A file this user may not read cannot be locked, yet a rename needs only the
                    // folder's permission: it moves unlocked, and its journal (empty) stays.
                }
            }
            do {
                if !forceCopy {
                    do {
                        try AtomicRename.install(source.name, in: source.folder, path: source.path, as: transfer.destination,
                                                 replace: replace, waitForLock: locked == nil)
                        return transfer.destination.path
                    } catch ShelfError.io(_, _, let code) where code == EXDEV {
                        // Another file system: copy, then remove.
                    }
                }
                try moveAcrossFileSystems(transfer, locked: locked, replace: replace)
                return transfer.destination.path
            } catch is AtomicRename.TargetBusy {
                locked?.close()
                locked = nil
                try Store.waitForLock(on: transfer.destination)
            }
        }
    }

    /// Copy beside the target, rename into place, remove the source, each step durable before
    /// the next. A single file stays exclusively locked (`locked`) from before the copy until it
    /// is removed, as `AtomicFile` locks a file it replaces: no locked append can slip in between
    /// and be lost. Folder trees are copied file by file under shared locks (see `TreeCopier`).
    private func moveAcrossFileSystems(_ transfer: Transfer, locked: FileDescriptor?, replace: Bool) throws {
        let source = transfer.source
        let target = transfer.destination
        // The source is removed last; find out now, not after a long copy, if that will fail.
        if faccessat(source.folder.raw, ".", W_OK | X_OK, AT_EACCESS) != 0 {
            throw ShelfError.lastError(path: source.path, operation: "remove")
        }
        let tempName = try locked.map { try TreeCopier.copyFileToTemp($0, beside: target) }
            ?? TreeCopier.copyToTemp(source.name, in: source.folder, path: source.path, beside: target)
        do {
            try AtomicRename.install(tempName, in: target.folder, path: target.path, as: target, replace: replace,
                                     waitForLock: locked == nil)
        } catch {
            try? TreeRemover.remove(tempName, in: target.folder, path: target.path)
            throw error
        }
        try TreeRemover.remove(source.name, in: source.folder, path: source.path)
        try AtomicFile.syncFolder(source.folder)
    }

    /// Waits until nobody holds the lock of the file at `target`, then lets it go at once.
    private static func waitForLock(on target: Target) throws {
        let fd = retryingEINTR { openat(target.folder.raw, target.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return }  // gone meanwhile: the next round sees what is there now
        let file = FileDescriptor(raw: fd, path: target.path)
        defer { file.close() }
        try FileLock.lock(file, .exclusive)
    }
}
