/// One open file descriptor and the path it stands for, for error messages. Its operations go
/// through `SystemLayer.kernel`, loop over short counts, and throw `ShelfError` naming the path.
///
/// A descriptor shelf opens is closed exactly once, by the scope that opened it: `closeAfter`
/// runs a body and closes, `kept(if:)` closes unless a check passes, `OpenFile` closes when its
/// owner goes. Nothing else calls `close`.
package struct FileDescriptor: Sendable {
    package let raw: Int32
    package let path: String
    /// The file system it is on, asked once (`fileSystemType`).
    let fileSystem = FileSystemType()

    /// Wraps a raw descriptor: one shelf did not open (a standard stream, a caller's), which it
    /// then never closes, or one the layer just opened, which `closeAfter` will close.
    package init(raw: Int32, path: String) {
        self.raw = raw
        self.path = path
    }

    /// Opens `path`: absolute, or relative to the current directory.
    package static func open(_ path: String, _ options: OpenOptions, permissions: UInt32 = 0o600) throws -> FileDescriptor {
        let raw = try systemCall(.open, path: path) { () throws(Errno) in
            try retryingStaleHandle { () throws(Errno) in try kernel.open(SystemString(path), in: nil, options, permissions: permissions) }
        }
        return FileDescriptor(raw: raw, path: path)
    }

    /// Runs `body`, then closes the descriptor, whether `body` returned or threw.
    package func closeAfter<R>(_ body: (FileDescriptor) throws -> R) rethrows -> R {
        defer { close() }
        return try body(self)
    }

    /// Keeps the descriptor open only when `keep` answers true; closes it when it answers false
    /// or throws. For opening in a loop until a check passes (the file under a lock is still the
    /// one its name leads to, say).
    package func kept(if keep: (FileDescriptor) throws -> Bool) throws -> FileDescriptor? {
        var keeping = false
        defer { if !keeping { close() } }
        keeping = try keep(self)
        return keeping ? self : nil
    }

    /// Only `closeAfter`, `kept(if:)`, `OpenFile` and `HeldFiles` close what shelf opened.
    func close() {
        kernel.close(raw)
    }

    package func status() throws -> FileStatus {
        try systemCall(.status, path: path) { () throws(Errno) in try kernel.status(raw) }
    }

    /// Forces data and metadata to stable storage: without it a rename can reach the disk before
    /// the data. On a folder, its entries: the rename, link or unlink that changed it.
    package func sync() throws {
        try systemCall(.sync, path: path) { () throws(Errno) in try kernel.sync(raw, dataOnly: false) }
    }

    /// fsync of a folder: makes the names made, renamed or removed in it durable.
    package func syncFolder() throws {
        try systemCall(.syncFolder, path: path) { () throws(Errno) in try kernel.sync(raw, dataOnly: false) }
    }

    /// Forces the data and what reading it back needs to stable storage: on Linux that includes a
    /// changed length (fdatasync(2)), so it is enough after an append or a truncation, without the
    /// timestamps a full `sync` would also write.
    func dataSync() throws {
        try systemCall(.syncData, path: path) { () throws(Errno) in try kernel.sync(raw, dataOnly: true) }
    }

    /// Cuts or extends the file to `length` bytes.
    func resize(to length: Int, operation: SystemOperation = .truncate) throws {
        try systemCall(operation, path: path) { () throws(Errno) in try kernel.truncate(raw, to: Int64(length)) }
    }

    package func setPermissions(_ permissions: UInt32, operation: SystemOperation = .setMode) throws {
        try systemCall(operation, path: path) { () throws(Errno) in try kernel.setPermissions(raw, permissions) }
    }

    package func setTimes(accessed: FileTime, modified: FileTime) throws {
        try systemCall(.setTimes, path: path) { () throws(Errno) in try kernel.setTimes(raw, accessed: accessed, modified: modified) }
    }

    /// Clears O_NONBLOCK, set to open a name that could have been a FIFO, once the file is known regular.
    package func setBlocking() throws {
        try systemCall(.open, path: path) { () throws(Errno) in try kernel.setBlocking(raw) }
    }

    /// Whether the descriptor is a terminal (prompts and progress lines only then).
    package var isTerminal: Bool { !StandardDescriptors.isKnownNotTerminal(raw) && kernel.isTerminal(raw) }
}

/// A descriptor owned by an object: closed once, when the object goes. For descriptors an object
/// keeps open across calls (a spool's file, a journal), and for locks an object holds until it
/// lets them go at a point of its choosing (`TreeLocks`, `TempName`: dropping the `OpenFile` closes
/// the descriptor at once).
final class OpenFile {
    let descriptor: FileDescriptor

    init(_ descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    deinit { descriptor.close() }
}

/// Descriptors of a file being rewritten, closed together at the end of the scope that holds them
/// or earlier, at the moment the rewrite chooses: on FUSE a file that is open when it is replaced
/// is hidden first (`AtomicReplace.install`), so an update or an append's rewrite lets go of its
/// target just before the rename. Each descriptor is closed once, whichever comes first.
final class HeldFiles {
    private var files: [FileDescriptor]

    init(_ files: FileDescriptor...) {
        self.files = files
    }

    /// Adds a descriptor, closed with the others.
    func hold(_ file: FileDescriptor) {
        files.append(file)
    }

    /// Closes every descriptor held (their locks go with them); later calls do nothing.
    func letGo() {
        for file in files { file.close() }
        files.removeAll()
    }
}

/// Runs one kernel call; a failure becomes the `ShelfError` for `path` (ENOENT → notFound, …).
func systemCall<R>(_ operation: SystemOperation, path: String, _ call: () throws(Errno) -> R) throws -> R {
    do {
        return try call()
    } catch {
        throw ShelfError.system(error, path: path, operation: operation)
    }
}
