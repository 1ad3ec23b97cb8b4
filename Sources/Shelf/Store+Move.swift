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
    @discardableResult
    func relocate(_ path: String, in directory: Directory, to newPath: String, in destination: Directory,
                  replace: Bool, forceCopy: Bool = false) throws -> String {
        let transfer = try openTransfer(path, in: directory, to: newPath, in: destination, replace: replace)
        defer { transfer.close() }
        let source = transfer.source
        if !forceCopy {
            do {
                try AtomicRename.install(source.name, in: source.folder, path: source.path, as: transfer.destination, replace: replace)
                return transfer.destination.path
            } catch ShelfError.io(_, _, let code) where code == EXDEV {
                // Another file system: copy, then remove.
            }
        }
        try moveAcrossFileSystems(transfer, replace: replace)
        return transfer.destination.path
    }

    /// Copy beside the target, rename into place, remove the source, each step durable before
    /// the next. A single file stays exclusively locked from before the copy until it is removed,
    /// as `AtomicFile` locks a file it replaces: no locked append can slip in between and be lost.
    /// Folder trees are copied file by file under shared locks (see `TreeCopier`).
    private func moveAcrossFileSystems(_ transfer: Transfer, replace: Bool) throws {
        let source = transfer.source
        let target = transfer.destination
        // The source is removed last; find out now, not after a long copy, if that will fail.
        if faccessat(source.folder.raw, ".", W_OK | X_OK, AT_EACCESS) != 0 {
            throw ShelfError.lastError(path: source.path, operation: "remove")
        }
        let locked = transfer.sourceStatus.isRegularFile ? try lockedFile(source) : nil
        defer { locked?.close() }
        let tempName = try locked.map { try TreeCopier.copyFileToTemp($0, beside: target) }
            ?? TreeCopier.copyToTemp(source.name, in: source.folder, path: source.path, beside: target)
        do {
            try AtomicRename.install(tempName, in: target.folder, path: target.path, as: target, replace: replace)
        } catch {
            try? TreeRemover.remove(tempName, in: target.folder, path: target.path)
            throw error
        }
        try TreeRemover.remove(source.name, in: source.folder, path: source.path)
        try AtomicFile.syncFolder(source.folder)
    }

    /// Opens the source file and takes its exclusive lock, making sure the name still refers to
    /// the file locked (an atomic save may have replaced it while this waited).
    private func lockedFile(_ source: Target) throws -> FileDescriptor {
        while true {
            let file = try source.folder.openAt(source.name, O_RDONLY | O_NOFOLLOW, path: source.path)
            do {
                try FileLock.lock(file, .exclusive)
                guard let now = try source.status() else { throw ShelfError.notFound(path: source.path) }
                if try FileIdentity(now) == FileIdentity(file.status()) { return file }
                if !now.isRegularFile { throw ShelfError.isAFolder(path: source.path) }
            } catch {
                file.close()
                throw error
            }
            file.close()
        }
    }
}
