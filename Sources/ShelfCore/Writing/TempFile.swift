/// A new file in a folder, not yet in its place: the first half of every atomic write
/// (`AtomicReplace`). Where the file system allows it has no name while it is written (O_TMPFILE)
/// and gets one only when it is complete, so that a process killed meanwhile leaves nothing behind;
/// elsewhere it is named from the start. Either way its name starts with `.shelf-tmp-`, which
/// listings never show.
///
/// While it has a name the file is exclusively locked (before the name exists), so `clear` can
/// tell a live writer's temp file from one a killed process left: it removes a temp file whose
/// lock it can take (see `ClearWalk.tidy`). And while it has a name a terminating signal is
/// deferred (`Interruption`), so that the error path removes the name before the process ends.
struct TempFile {
    static let prefix = SafePath.reservedPrefix + "tmp-"

    /// The file, open for reading and writing.
    let file: FileDescriptor
    let folder: FileDescriptor
    /// Its temporary name in `folder`; nil while it has none.
    private(set) var name: FileName?
    /// Whether it ever had a name, and so entered deferred work (left when it is closed).
    private var deferring = false

    /// A new file in `folder`, unnamed where O_TMPFILE works and `/proc` is there to name it later;
    /// named from the start on a network file system, where O_TMPFILE is not relied on.
    /// - Parameters:
    ///   - path: the path of the target it is for, for messages.
    ///   - permissions: its mode, less the umask (as with open(2)).
    static func create(in folder: FileDescriptor, path: String, permissions: UInt32 = 0o600) throws -> TempFile {
        if !NetworkFileSystem.contains(folder), (try? kernel.checkAccess("/proc/self/fd", in: nil, .exists)) != nil,
           let unnamed = try? openUnnamed(in: folder, path: path, permissions: permissions) {
            return TempFile(file: unnamed, folder: folder, name: nil)
        }
        Interruption.enter()
        do {
            let (file, name) = try createNamed(in: folder, path: path, permissions: permissions)
            return TempFile(file: file, folder: folder, name: name, deferring: true)
        } catch {
            Interruption.leave()
            throw error
        }
    }

    /// A file that never gets a name (a spool): unnamed, or where the file system lacks O_TMPFILE,
    /// unlinked right after it is created. Either way nothing is left behind, whatever happens.
    static func anonymous(in folder: FileDescriptor, path: String) throws -> FileDescriptor {
        if !NetworkFileSystem.contains(folder), let unnamed = try? openUnnamed(in: folder, path: path) { return unnamed }
        return try Interruption.deferring {
            let (file, name) = try createNamed(in: folder, path: path)
            try? folder.remove(name)
            return file
        }
    }

    /// Runs `body`, then closes the file. When `body` throws, the temporary name it may have
    /// been given is removed: a failed write leaves nothing behind.
    func closeAfter<R>(_ body: (inout TempFile) throws -> R) throws -> R {
        var temp = self
        defer { if temp.deferring { Interruption.leave() } }
        return try file.closeAfter { _ in
            do {
                return try body(&temp)
            } catch {
                temp.removeName()
                throw error
            }
        }
    }

    /// The file's name in its folder, naming a complete unnamed file first: linked through its
    /// `/proc/self/fd` entry under a fresh temporary name.
    /// - Parameter briefly: what remains until the file is closed is a few steps that wait for
    ///   nothing but the disk and `FileLock` (`AtomicReplace.commit`): the signals are then deferred
    ///   by blocking them (`Interruption.enterBriefly`).
    mutating func named(briefly: Bool = false) throws -> FileName {
        if let name { return name }
        if !deferring {
            if briefly { Interruption.enterBriefly() } else { Interruption.enter() }
            deferring = true
        }
        // Locked before it has a name, so it is never seen unlocked under one.
        try FileLock.lock(file, .exclusive)
        while true {
            let fresh = TempFile.freshName()
            do {
                try kernel.link(procEntry, in: nil, to: SystemString(fresh), in: folder.raw, followingLinks: true)
                name = fresh
                return fresh
            } catch .fileExists {
                continue
            } catch {
                throw ShelfError.system(error, path: file.path, operation: .nameTemporaryFile)
            }
        }
    }

    /// Links the file under `newName` in its folder as well (`alreadyExists` when taken): an
    /// unnamed file straight from its `/proc/self/fd` entry, so it never has a temporary name.
    func link(as newName: FileName, path: String) throws {
        try systemCall(.link, path: path) { () throws(Errno) in
            if let name {
                try kernel.link(SystemString(name), in: folder.raw, to: SystemString(newName), in: folder.raw, followingLinks: false)
            } else {
                try kernel.link(procEntry, in: nil, to: SystemString(newName), in: folder.raw, followingLinks: true)
            }
        }
    }

    /// Records that the temporary name is gone (renamed over the target): nothing to remove.
    mutating func nameTaken() {
        name = nil
    }

    /// The file's entry in `/proc/self/fd`, through which `linkat` names an unnamed file.
    private var procEntry: SystemString { SystemString("/proc/self/fd/\(file.raw)") }

    /// Removes the temporary name, if the file has one.
    mutating func removeName() {
        if let name { try? folder.remove(name) }
        name = nil
    }

    /// A fresh name for a temporary file or folder: 64 random bits in hex (the system generator
    /// reads getrandom(2)).
    static func freshName() -> FileName {
        FileName(prefix + String(UInt64.random(in: .min ... .max), radix: 16))
    }

    private static func openUnnamed(in folder: FileDescriptor, path: String, permissions: UInt32 = 0o600) throws -> FileDescriptor {
        try folder.open(".", [.unnamedFile, .readWrite], permissions: permissions, path: path)
    }

    /// An exclusive new file under a fresh name (O_EXCL never clobbers), locked; returns it and
    /// the fresh name. A `clear` that found it in the instant before the lock removed it: then
    /// another name is tried.
    /// - Parameter naming: the file's name for the fresh one (a `TempName`'s companion lock file).
    static func createNamed(in folder: FileDescriptor, path: String, permissions: UInt32 = 0o600,
                            naming: (FileName) -> FileName = { $0 }) throws -> (FileDescriptor, FileName) {
        while true {
            let fresh = freshName()
            let name = naming(fresh)
            let file: FileDescriptor
            do {
                file = try folder.open(name, [.readWrite, .create, .exclusive, .noFollow], permissions: permissions, path: path,
                                       operation: .createTemporaryFile)
            } catch ShelfError.alreadyExists {
                continue
            }
            if let kept = try file.kept(if: { file in
                try FileLock.lock(file, .exclusive)
                return try FileLocks.isStillNamed(file.status(), name: name, in: folder, path: path)
            }) {
                return (kept, fresh)
            }
        }
    }
}
