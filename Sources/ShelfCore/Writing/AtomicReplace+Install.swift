/// The rename half of `AtomicReplace`: puts a complete entry (a finished temp file, a moved file,
/// a copied tree) under a target name in one step, then fsyncs the folders.
extension AtomicReplace {
    /// Renames `name` in `folder` to `target`, then fsyncs both folders.
    /// - Parameters:
    ///   - path: the absolute path of `name`, for messages.
    ///   - replace: false makes an existing target an error, decided by the kernel (no window in
    ///     which a racing writer's file could be clobbered) wherever `RENAME_NOREPLACE` works.
    ///   - oldFile: how to take the lock of a regular file replaced.
    ///   - folders: `.keepContents` replaces a folder at the target only when it is empty, and only
    ///     with a folder: one plain rename(2), which the kernel refuses for a folder that is not
    ///     empty, so a file put into it meanwhile is never deleted.
    ///   - kernelFlags: false skips `renameat2`'s flags to exercise the portable fallbacks (tests).
    ///   - letGo: with `heldByCaller`, closes the caller's descriptors of the target (on FUSE).
    ///   - aFile: `name` is known to be a regular file (a temp file `commit` just named): not asked again.
    ///   - opened: the old file, already open (`KeptMetadata`): when the name still leads to it here,
    ///     at the commit point, its lock is taken on it instead of opening it again.
    /// - Throws: `alreadyExists`, `symbolicLink`, `folderInTheWay`, `TargetBusy`, and `.io(errno: EXDEV)`
    ///   when the two folders are on different file systems (nothing has changed then; the caller
    ///   copies instead).
    static func install(_ name: FileName, in folder: FileDescriptor, path: String, as target: Target, replace: Bool,
                        oldFile: OldFileLock = .wait, folders: FolderReplacement = .replaceWhole, kernelFlags: Bool = true,
                        letGo: () -> Void = {}, aFile: Bool = false, opened: FileLocks.OpenedOldFile? = nil) throws {
        // A network file system may refuse the flags, or the server apply them differently: the
        // portable fallbacks serve there (docs/file-systems.md).
        let kernelFlags = kernelFlags && !NetworkFileSystem.contains(target.folder)
        // The commit point: after a terminating signal, undo instead (see `Interruption`).
        try Interruption.check(target.path)
        let existing = try target.status()
        if existing != nil, !replace { throw ShelfError.alreadyExists(path: target.path) }
        if let existing, existing.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
        // Held until the rename is durable, when a replace closed its target first.
        var gate: OpenFile?
        if !replace {
            try renameWithoutReplacing(name, in: folder, path: path, as: target, kernelFlags: kernelFlags)
        } else if let existing, existing.isFolder, folders == .keepContents {
            try replaceEmptyFolder(name, in: folder, path: path, as: target)
        } else if try existing?.isFolder == true || (!aFile && status(of: name, in: folder, path: path).isFolder) {
            if existing == nil {
                try folder.rename(name, to: target.name, in: target.folder, path: target.path)
            } else {
                try replaceAny(name, in: folder, path: path, as: target, kernelFlags: kernelFlags)
            }
        } else {
            // The same file as a fresh `openat` would find now, with no more `stat` than this one.
            let still = opened.flatMap { opened in existing.map(FileIdentity.init) == opened.identity ? opened.file : nil }
            // A file over a file (or over nothing): one rename, under the old file's lock, settled
            // (`FileLocks.replace`); `gate` is held until the rename is durable.
            gate = try withExtendedLifetime(opened) {
                try FileLocks.replace(target, oldFile: oldFile, mode: existing?.permissions ?? FileMode.privateFile, opened: still,
                                      letGo: letGo) { try folder.rename(name, to: target.name, in: target.folder, path: target.path) }
            }
        }
        // A new numbered name in a folder of numbered files: its next number is no longer known.
        if existing == nil, NumberedNames.value(of: target.name) != nil { FolderCounter.forget(in: target.folder) }
        try syncFolder(target.folder)
        if folder.raw != target.folder.raw, try FileIdentity(folder.status()) != FileIdentity(target.folder.status()) {
            try syncFolder(folder)
        }
        withExtendedLifetime(gate) {}
    }

    /// A folder over an empty folder, as mv does it: rename(2) replaces an empty folder atomically
    /// and refuses one that is not (ENOTEMPTY, or EEXIST on some file systems), deciding in the
    /// kernel, with no window. A file never replaces a folder here.
    private static func replaceEmptyFolder(_ name: FileName, in folder: FileDescriptor, path: String, as target: Target) throws {
        guard try status(of: name, in: folder, path: path).isFolder else { throw Store.fileOverFolder(target.path) }
        do {
            try kernel.rename(SystemString(name), in: folder.raw, to: SystemString(target.name), in: target.folder.raw, [])
        } catch .folderNotEmpty, .fileExists {
            throw Store.folderNotEmpty(target.path)
        } catch {
            throw ShelfError.system(error, path: target.path, operation: .rename)
        }
    }

    /// A folder over anything, or a file over a folder: a plain rename cannot do it. Exchanging
    /// the two names is still atomic for anyone looking at the target; the old entry, now under
    /// the source's name, is then removed. Without `RENAME_EXCHANGE` the old target is first
    /// renamed aside to a hidden name: for a moment the target name is then absent, and a crash
    /// in that moment leaves the old target under a `.shelf-tmp-` name (the source is intact).
    private static func replaceAny(_ name: FileName, in folder: FileDescriptor, path: String, as target: Target, kernelFlags: Bool) throws {
        if kernelFlags, try exchange(name, in: folder, path: path, with: target) { return }
        // The aside name is reserved (`TempName`): `clear` leaves it alone while this runs.
        let aside = try TempName.reserve(in: target.folder, path: target.path)
        defer { aside.release() }
        try target.folder.rename(target.name, to: aside.name, in: target.folder, path: target.path)
        do {
            try folder.rename(name, to: target.name, in: target.folder, path: target.path)
        } catch {
            try? target.folder.rename(aside.name, to: target.name, in: target.folder, path: target.path)
            throw error
        }
        try syncFolder(target.folder)
        aside.discard()
    }

    /// `replaceAny` with `RENAME_EXCHANGE`; false (nothing changed) where the kernel or the file
    /// system lacks it. Right after the exchange the old entry has the source's name: it is renamed
    /// at once to a reserved `.shelf-tmp-` name (`TempName`, which `clear` removes once abandoned),
    /// before the folders are synced, so that a crash cannot leave the old target's files showing
    /// under the source's name (found by the power-loss simulator: 20 of 85 crash states of
    /// rename-folder-replace did; now only a crash between the two renames can). A source that
    /// already has a temporary name (a copy's) needs no second rename; where no name can be
    /// reserved (a full disk refuses even an empty file), the old entry is removed where it is.
    private static func exchange(_ name: FileName, in folder: FileDescriptor, path: String, with target: Target) throws -> Bool {
        let aside = name.hasPrefix(TempFile.prefix) ? nil : try? TempName.reserve(in: folder, path: path)
        defer { aside?.release() }
        do throws(Errno) {
            try kernel.rename(SystemString(name), in: folder.raw, to: SystemString(target.name), in: target.folder.raw, .exchange)
        } catch where isUnsupportedFlag(error) {
            return false
        } catch {
            throw ShelfError.system(error, path: target.path, operation: .rename)
        }
        var old = name
        if let aside, (try? folder.rename(name, to: aside.name, in: folder, path: path)) != nil { old = aside.name }
        // The new entry must be durable under its name before the old one goes.
        try syncFolder(target.folder)
        if try FileIdentity(folder.status()) != FileIdentity(target.folder.status()) { try syncFolder(folder) }
        try TreeRemover.remove(old, in: folder, path: path)
        return true
    }

    /// Create-if-absent for a whole entry: `RENAME_NOREPLACE` where the kernel and file system
    /// support it; else `link` + `unlink` for a file (also atomic); else, for a folder, a check
    /// followed by a rename. Only that last fallback has a window (between the check and the
    /// rename) in which a folder created by someone else at the same moment could be replaced.
    private static func renameWithoutReplacing(_ name: FileName, in folder: FileDescriptor, path: String, as target: Target,
                                               kernelFlags: Bool) throws {
        do {
            guard kernelFlags else { throw Errno.notImplemented }
            try kernel.rename(SystemString(name), in: folder.raw, to: SystemString(target.name), in: target.folder.raw, .noReplace)
            return
        } catch let error as Errno where isUnsupportedFlag(error) {
            // The portable ways, below.
        } catch let error as Errno {
            throw ShelfError.system(error, path: target.path, operation: .rename)
        }
        if try status(of: name, in: folder, path: path).isRegularFile {
            do {
                try kernel.link(SystemString(name), in: folder.raw, to: SystemString(target.name), in: target.folder.raw, followingLinks: false)
                do {
                    try folder.remove(name, path: path)
                } catch {
                    try? target.folder.remove(target.name, path: target.path)
                    throw error
                }
                return
            } catch let error as Errno where [.notPermitted, .notSupported, .tooManyLinks].contains(error) {
                // File systems without hard links fall through to the check below.
            } catch let error as Errno {
                throw ShelfError.system(error, path: target.path, operation: .link)
            }
        }
        if try target.status() != nil { throw ShelfError.alreadyExists(path: target.path) }
        try folder.rename(name, to: target.name, in: target.folder, path: target.path)
    }

    /// Whether `renameat2` refused its flags (an old kernel, or a file system without them).
    private static func isUnsupportedFlag(_ error: Errno) -> Bool {
        error == .notImplemented || error == .invalidArgument || error == .notSupported
    }

    private static func status(of name: FileName, in folder: FileDescriptor, path: String) throws -> FileStatus {
        guard let st = try folder.status(of: name, path: path) else { throw ShelfError.notFound(path: path) }
        return st
    }
}
