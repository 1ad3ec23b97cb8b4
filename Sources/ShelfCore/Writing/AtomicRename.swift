import Glibc

/// Puts an existing entry (a file or a whole folder) under a target name in one step: the rename
/// half of `AtomicFile`, for entries that are already complete. Move and rename hand it the source
/// itself; copy and cross-file-system moves hand it a finished, fsynced temporary copy.
enum AtomicRename {
    /// Thrown by `install` told not to wait when the file it would replace is locked: the caller
    /// holds another lock (the source's) and must let it go before waiting, or two moves in
    /// opposite directions would wait for each other forever.
    struct TargetBusy: Error {}

    /// Renames `name` in `folder` to `target`, then fsyncs both folders.
    /// - Parameters:
    ///   - path: the absolute path of `name`, for messages.
    ///   - replace: false makes an existing target an error, decided by the kernel (no window in
    ///     which a racing writer's file could be clobbered) wherever `RENAME_NOREPLACE` works.
    /// - Throws: `alreadyExists`, `symbolicLink`, and `.io(errno: EXDEV)` when the two folders
    ///   are on different file systems (nothing has changed then; the caller copies instead).
    ///   - waitForLock: false throws `TargetBusy` instead of waiting for the lock of a file to replace.
    ///   - kernelFlags: false skips `renameat2` to exercise the portable fallbacks (tests).
    static func install(_ name: String, in folder: FileDescriptor, path: String, as target: Target, replace: Bool,
                        waitForLock: Bool = true, kernelFlags: Bool = true) throws {
        if let existing = try target.status() {
            guard replace else { throw ShelfError.alreadyExists(path: target.path) }
            if existing.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
            let source = try status(of: name, in: folder, path: path)
            if existing.isRegularFile && source.isRegularFile {
                try replaceFile(name, in: folder, path: path, as: target, waitForLock: waitForLock)
            } else {
                try replaceAny(name, in: folder, path: path, as: target, kernelFlags: kernelFlags)
            }
        } else if replace {
            if renameat(folder.raw, name, target.folder.raw, target.name) != 0 {
                throw ShelfError.lastError(path: target.path, operation: "rename")
            }
        } else {
            try renameWithoutReplacing(name, in: folder, path: path, as: target, kernelFlags: kernelFlags)
        }
        try AtomicFile.syncFolder(target.folder)
        if try FileIdentity(folder.status()) != FileIdentity(target.folder.status()) {
            try AtomicFile.syncFolder(folder)
        }
    }

    /// A file over a file: one rename, holding the old file's exclusive lock as `AtomicFile` does,
    /// so that no locked reader or in-place append is half-way through it.
    private static func replaceFile(_ name: String, in folder: FileDescriptor, path: String, as target: Target,
                                    waitForLock: Bool) throws {
        let old = retryingEINTR { openat(target.folder.raw, target.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        let oldFile = old >= 0 ? FileDescriptor(raw: old, path: target.path) : nil
        defer { oldFile?.close() }
        if let oldFile {
            if waitForLock {
                try FileLock.lock(oldFile, .exclusive)
            } else if try !FileLock.tryLock(oldFile, .exclusive) {
                throw TargetBusy()
            }
        }
        if renameat(folder.raw, name, target.folder.raw, target.name) != 0 {
            throw ShelfError.lastError(path: target.path, operation: "rename")
        }
    }

    /// A folder over anything, or a file over a folder: a plain rename cannot do it. Exchanging
    /// the two names is still atomic for anyone looking at the target; the old entry, now under
    /// the source's name, is then removed. Without `RENAME_EXCHANGE` the old target is first
    /// renamed aside to a hidden name: for a moment the target name is then absent, and a crash
    /// in that moment leaves the old target under a `.shelf-tmp-` name (the source is intact).
    private static func replaceAny(_ name: String, in folder: FileDescriptor, path: String, as target: Target, kernelFlags: Bool) throws {
        let exchanged = kernelFlags
            ? KernelCalls.renameat2(folder.raw, name, target.folder.raw, target.name, flags: KernelCalls.renameExchange)
            : KernelCalls.unavailable()
        if exchanged == 0 {
            // The new entry must be durable under its name before the old one goes.
            try AtomicFile.syncFolder(target.folder)
            try AtomicFile.syncFolder(folder)
            try TreeRemover.remove(name, in: folder, path: path)
            return
        }
        let code = errno
        guard code == ENOSYS || code == EINVAL || code == EOPNOTSUPP else {
            throw ShelfError.system(code, path: target.path, operation: "rename")
        }
        let aside = AtomicFile.tempPrefix + AtomicFile.randomSuffix()
        if renameat(target.folder.raw, target.name, target.folder.raw, aside) != 0 {
            throw ShelfError.lastError(path: target.path, operation: "rename")
        }
        if renameat(folder.raw, name, target.folder.raw, target.name) != 0 {
            let failure = ShelfError.lastError(path: target.path, operation: "rename")
            renameat(target.folder.raw, aside, target.folder.raw, target.name)
            throw failure
        }
        try AtomicFile.syncFolder(target.folder)
        try TreeRemover.remove(aside, in: target.folder, path: target.path)
    }

    /// Create-if-absent for a whole entry: `RENAME_NOREPLACE` where the kernel and file system
    /// support it; else `link` + `unlink` for a file (also atomic); else, for a folder, a check
    /// followed by a rename. Only that last fallback has a window (between the check and the
    /// rename) in which a folder created by someone else at the same moment could be replaced.
    private static func renameWithoutReplacing(_ name: String, in folder: FileDescriptor, path: String, as target: Target,
                                               kernelFlags: Bool) throws {
        let renamed = kernelFlags
            ? KernelCalls.renameat2(folder.raw, name, target.folder.raw, target.name, flags: KernelCalls.renameNoReplace)
            : KernelCalls.unavailable()
        if renamed == 0 { return }
        let code = errno
        guard code == ENOSYS || code == EINVAL || code == EOPNOTSUPP else {
            throw ShelfError.system(code, path: target.path, operation: "rename")
        }
        if try status(of: name, in: folder, path: path).isRegularFile {
            if linkat(folder.raw, name, target.folder.raw, target.name, 0) == 0 {
                if unlinkat(folder.raw, name, 0) != 0 {
                    let failure = ShelfError.lastError(path: path, operation: "remove")
                    unlinkat(target.folder.raw, target.name, 0)
                    throw failure
                }
                return
            }
            let linkError = errno
            // File systems without hard links fall through to the check below.
            guard linkError == EPERM || linkError == EOPNOTSUPP || linkError == EMLINK else {
                throw ShelfError.system(linkError, path: target.path, operation: "link")
            }
        }
        if try target.status() != nil { throw ShelfError.alreadyExists(path: target.path) }
        if renameat(folder.raw, name, target.folder.raw, target.name) != 0 {
            throw ShelfError.lastError(path: target.path, operation: "rename")
        }
    }

    private static func status(of name: String, in folder: FileDescriptor, path: String) throws -> stat {
        var st = stat()
        if fstatat(folder.raw, name, &st, AT_SYMLINK_NOFOLLOW) != 0 {
            throw ShelfError.lastError(path: path, operation: "stat")
        }
        return st
    }
}
