/// A temporary name (`.shelf-tmp-<hex>`) for an entry that cannot hold a lock of its own for as
/// long as it exists: a folder being built (a copied tree), or an old entry renamed aside while a
/// new one takes its place. Beside it, `.shelf-tmp-<hex>.lock`, a regular file, is created first
/// and exclusively locked until the entry is gone from the temporary name, and removed last.
///
/// So `clear` can prove that such an entry was abandoned (its process was killed): the companion
/// lock is free, or the companion is gone. A lock on a regular file open for writing is what
/// `flock` honours across hosts on NFS too, where a folder cannot be locked at all. Temporary
/// files lock themselves (`TempFile`).
final class TempName {
    static let lockSuffix = ".lock"

    let name: FileName
    let folder: FileDescriptor
    private var lock: OpenFile?

    private init(name: FileName, folder: FileDescriptor, lock: FileDescriptor) {
        self.name = name
        self.folder = folder
        self.lock = OpenFile(lock)
    }

    deinit { release() }

    /// The companion lock file's name for a temporary name.
    static func lockName(for name: FileName) -> FileName {
        FileName(bytes: name.bytes + Array(lockSuffix.utf8)) ?? name
    }

    /// The temporary name a companion lock file belongs to; nil for any other name.
    static func base(of name: FileName) -> FileName? {
        let suffix = Array(lockSuffix.utf8)
        guard name.bytes.count > suffix.count, name.bytes.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        return FileName(bytes: Array(name.bytes.dropLast(suffix.count)))
    }

    /// Reserves a fresh temporary name in `folder`: its companion exists and is locked. Until it
    /// is released a terminating signal is deferred (`Interruption`).
    /// - Parameter path: the target it is for, for messages.
    static func reserve(in folder: FileDescriptor, path: String) throws -> TempName {
        Interruption.enter()
        do {
            let (lock, fresh) = try TempFile.createNamed(in: folder, path: path, naming: lockName(for:))
            return TempName(name: fresh, folder: folder, lock: lock)
        } catch {
            Interruption.leave()
            throw error
        }
    }

    /// The entry no longer has the temporary name (renamed into place, or removed): the
    /// companion goes, then its lock.
    func release() {
        guard lock != nil else { return }
        try? folder.remove(TempName.lockName(for: name))
        lock = nil  // closes it, which lets the lock go
        Interruption.leave()
    }

    /// Removes whatever still has the temporary name (a whole tree), then releases it.
    func discard() {
        try? TreeRemover.remove(name, in: folder, path: folder.path(for: name))
        release()
    }
}

extension TempName {
    /// Makes an empty temporary folder (mode 0700) under a reserved name, lets `fill` write into
    /// it, then lets `install` move it into place; returns what `install` returns. When either
    /// throws, the folder and everything in it are removed.
    static func withFolder<R>(in folder: FileDescriptor, path: String, fill: (FileDescriptor) throws -> Void,
                                      install: (FileName) throws -> R) throws -> R {
        try withEntry(in: folder, path: path, make: { name in
            try folder.makeFolder(name, path: path)
            try folder.open(name, FolderWalker.folderOptions, path: path).closeAfter(fill)
        }, install: install)
    }

    /// Lets `make` create an entry (a folder, a link) under a reserved name in `folder`, then
    /// `install` move it into place; returns what `install` returns. When either throws, whatever
    /// has the reserved name is removed.
    static func withEntry<R>(in folder: FileDescriptor, path: String, make: (FileName) throws -> Void,
                                     install: (FileName) throws -> R) throws -> R {
        let temp = try reserve(in: folder, path: path)
        do {
            try make(temp.name)
            let installed = try install(temp.name)
            temp.release()
            return installed
        } catch {
            temp.discard()
            throw error
        }
    }
}
