extension Store {
    /// Moves a file or folder to the same relative path in another directory (Disk's
    /// `move(_:in:to:)`); missing folders on the way are created.
    ///
    /// Within one file system this is one `rename`. Across file systems (`temporary` is often a
    /// tmpfs) the source is copied beside the target, fsynced, renamed into place and only then
    /// removed: a crash at any moment leaves the source intact (and perhaps also the complete
    /// copy), never neither.
    /// - Parameters:
    ///   - replace: replace an existing target. A file over a file is one atomic rename; a folder
    ///     over a file is an atomic exchange where the kernel supports it (see `AtomicReplace.install`),
    ///     after which the old file is removed. A folder at the target is replaced as `mv` does:
    ///     only when it is empty, and only by a folder (`folderInTheWay` otherwise).
    ///   - folders: `.replaceWhole` replaces a folder at the target whatever it holds.
    /// - Returns: the absolute path of the moved entry.
    /// - Throws: `notFound`, `alreadyExists`, `invalidTarget` (the same place, or a folder into
    ///   itself), `symbolicLink`, `invalidName`, `permissionDenied`, `noSpace`, …
    ///   - newPath: the path in `destination` (default: `path`), as `copy` takes one.
    @discardableResult
    public func move(_ path: String, in directory: Directory, to destination: Directory, as newPath: String? = nil,
                     replace: Bool = false, folders: FolderReplacement = .keepContents) throws -> String {
        let from = try SafePath(path)
        return try relocate(from, in: directory, to: newPath.map { try SafePath($0) } ?? from, in: destination, replace: replace,
                            folders: folders)
    }

    /// The work of `move` and `rename` (the command line's entry). `forceCopy` takes the cross-file-system path even on one
    /// file system, so that tests can reach it anywhere.
    ///
    /// A file is held under its exclusive lock from before its journal is dealt with until it is
    /// under its new name (or, across file systems, removed): no append is half-way through it
    /// meanwhile, and the journal, which stays under the old name, is deleted once a crashed
    /// append has been rolled back. A file to replace is then locked without waiting; if it is
    /// busy, everything is let go, and the move starts again once that lock is free.
    @discardableResult
    package func relocate(_ path: SafePath, in directory: Directory, to newPath: SafePath, in destination: Directory,
                  replace: Bool, folders: FolderReplacement = .keepContents, forceCopy: Bool = false) throws -> String {
        try CacheTag.refuseToChange(path, in: locations.namespace(for: directory))
        while true {
            do {
                let moved = try withTransfer(path, in: directory, to: newPath, in: destination, replace: replace, folders: folders,
                                             takingSource: true) { transfer in
                    try relocate(transfer, replace: replace, folders: folders, forceCopy: forceCopy)
                }
                if let moved { return moved }
            } catch let busy as TreeLocks.Busy {
                // A folder of the tree, or the file to replace, is in use: wait for it holding
                // nothing (the source's lock neither, or two moves in opposite directions would
                // wait for each other forever), then start again.
                try busy.wait()
            }
        }
    }

    /// One attempt with the ends open: a folder moves unlocked (a rename; across file systems the
    /// copy locks it, see `TreeLocks`); a file is first locked and its journal settled. Returns
    /// the moved entry's path; nil when the source changed since it was checked: check again.
    private func relocate(_ transfer: Transfer, replace: Bool, folders: FolderReplacement, forceCopy: Bool) throws -> String? {
        let source = transfer.source
        var locked: FileDescriptor?
        if transfer.sourceStatus.isRegularFile {
            do {
                locked = try FileLocks.lockExclusively(source.name, in: source.folder, path: source.path)
                if locked == nil { return nil }  // removed since it was checked
            } catch ShelfError.permissionDenied where !FileLocks.needsSettling(source.name, in: source.folder) {
                // A file this user may not read cannot be locked, yet a rename needs only the
                // folder's permission: it moves unlocked, and its journal (empty) stays.
            }
        }
        guard let locked else { return try relocate(transfer, locked: nil, replace: replace, folders: folders, forceCopy: forceCopy) }
        return try locked.closeAfter { locked in
            guard try FileIdentity(locked.status()) == FileIdentity(transfer.sourceStatus) else { return nil }
            try FileLocks.detachBeforeMoving(locked, name: source.name, in: source.folder)
            return try relocate(transfer, locked: locked, replace: replace, folders: folders, forceCopy: forceCopy)
        }
    }

    /// One attempt with the ends open (and a file source locked): a rename, else a copy across
    /// file systems. A file to replace that is locked ends the attempt with `TreeLocks.Busy`.
    private func relocate(_ transfer: Transfer, locked: FileDescriptor?, replace: Bool, folders: FolderReplacement,
                          forceCopy: Bool) throws -> String? {
        let source = transfer.source, target = transfer.destination
        if transfer.isSourceLink {
            // The file already has its new name: the source name goes, and the move is done.
            try source.folder.remove(source.name, path: source.path)
            if NumberedNames.value(of: target.name) != nil { FolderCounter.forget(in: target.folder) }
            try AtomicReplace.syncFolder(source.folder)
            return target.path
        }
        do {
            if !forceCopy {
                do {
                    try AtomicReplace.install(source.name, in: source.folder, path: source.path, as: target,
                                              replace: replace, oldFile: locked == nil ? .wait : .failIfBusy, folders: folders)
                    return target.path
                } catch ShelfError.io(_, _, let code) where code == Errno.crossDevice.rawValue {
                    // Another file system: copy, then remove.
                }
            }
            try moveAcrossFileSystems(transfer, locked: locked, replace: replace, folders: folders)
            return target.path
        } catch is AtomicReplace.TargetBusy {
            // Gone meanwhile: the next round sees what is there now.
            guard let file = try? target.folder.openForExclusiveLock(target.name, [.readOnly, .noFollow, .nonBlocking], path: target.path)
            else { return nil }
            throw TreeLocks.Busy(entry: file, kind: .exclusive)
        }
    }

    /// Copy beside the target, rename into place, remove the source, each step durable before
    /// the next. A single file stays exclusively locked (`locked`) from before the copy until it
    /// is removed, as `AtomicReplace` locks a file it replaces: no locked append can slip in between
    /// and be lost. A folder tree is held the same way, each of its folders exclusively locked
    /// from before it is listed until the source is removed (`TreeLocks`); what cannot be removed
    /// afterwards is refused before anything is copied.
    ///
    /// A signal during the copy removes the copy and leaves the source as it was; once the copy
    /// is in place, the source is removed before the signal ends the process (`Interruption`).
    private func moveAcrossFileSystems(_ transfer: Transfer, locked: FileDescriptor?, replace: Bool, folders: FolderReplacement) throws {
        let source = transfer.source
        let target = transfer.destination
        // The source is removed last; find out now, not after a long copy, if that will fail.
        try systemCall(.remove, path: source.path) { () throws(Errno) in
            try kernel.checkAccess(".", in: source.folder.raw, [.write, .search])
        }
        try Interruption.deferring {
            let install = { (tempName: FileName) in
                try AtomicReplace.install(tempName, in: target.folder, path: target.path, as: target, replace: replace,
                                          oldFile: locked == nil ? .wait : .failIfBusy, folders: folders)
            }
            guard let locked else {
                let locks = TreeLocks()
                defer { locks.release() }
                if transfer.sourceStatus.isFolder { try locks.holdTree(source.name, in: source.folder, path: source.path) }
                try TreeCopier.copy(source.name, in: source.folder, path: source.path, beside: target, install: install)
                try Store.removeMovedSource(source)
                return try AtomicReplace.syncFolder(source.folder)
            }
            try TreeCopier.copyFile(locked, beside: target, install: install)
            try TreeRemover.remove(source.name, in: source.folder, path: source.path)
            try AtomicReplace.syncFolder(source.folder)
        }
    }

    /// Removes a tree that was moved away: renamed aside to a reserved temporary name first, in one
    /// step, then removed there. So a SIGKILL during the removal (which no handler sees) leaves
    /// the move done and a hidden temp that `clear` removes once its lock is free, never a half-removed
    /// source under its own name (found by the battery's signals group). Where no name can be
    /// reserved (a full disk), it is removed where it is.
    private static func removeMovedSource(_ source: Target) throws {
        guard let aside = try? TempName.reserve(in: source.folder, path: source.path) else {
            return try TreeRemover.remove(source.name, in: source.folder, path: source.path)
        }
        defer { aside.release() }
        try source.folder.rename(source.name, to: aside.name, in: source.folder, path: source.path)
        try TreeRemover.remove(aside.name, in: source.folder, path: source.folder.path(for: aside.name))
    }
}
