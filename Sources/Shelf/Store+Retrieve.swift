import Glibc

/// How `retrieve` treats a file.
public struct RetrieveOptions: Sendable {
    /// Read a file whose expiry time has passed instead of throwing `expired`.
    public var allowExpired: Bool
    /// The time expiry is judged at (seconds since 1970 UTC); nil for the clock. For tests.
    public var now: Int64?

    public init(allowExpired: Bool = false, now: Int64? = nil) {
        self.allowExpired = allowExpired
        self.now = now
    }
}

extension Store {
    /// Writes the stored bytes of `path` to the descriptor `output`, holding a shared lock so
    /// that an in-place append is never seen half-done.
    /// - Throws: `notFound`, `expired` (unless `options.allowExpired`), `isAFolder`, `symbolicLink`,
    ///   `permissionDenied`, `io`.
    public func retrieve(_ path: String, from directory: Directory, to output: Int32,
                         options: RetrieveOptions = RetrieveOptions()) throws {
        let file = try openForReading(path, in: directory, options: options)
        defer { file.close() }
        try FileLock.lock(file, .shared)
        try Store.stream(file, to: FileDescriptor(raw: output, path: "<stdout>"))
    }

    /// Opens a stored regular file read-only, refusing folders, links and (unless the options
    /// allow it) files past their expiry time.
    func openForReading(_ path: String, in directory: Directory, options: RetrieveOptions = RetrieveOptions()) throws -> FileDescriptor {
        let target = try existingTarget(path, in: directory)
        defer { target.close() }
        let file = try target.folder.openAt(target.name, O_RDONLY | O_NOFOLLOW, path: target.path)
        do {
            let st = try file.status()
            if st.isFolder { throw ShelfError.isAFolder(path: target.path) }
            if !options.allowExpired, let expires = try Expiry.read(file, st, named: target.name, in: target.folder),
               Expiry.hasExpired(expires, now: options.now ?? Expiry.now()) {
                throw ShelfError.expired(path: target.path, at: TimestampText.format(expires))
            }
        } catch {
            file.close()
            throw error
        }
        return file
    }

    /// Copies a file to any descriptor. `sendfile` moves the bytes inside the kernel (to a
    /// pipe, file or socket); where it is refused the loop falls back to read and write.
    static func stream(_ input: FileDescriptor, to output: FileDescriptor) throws {
        while true {
            let n = sendfile(output.raw, input.raw, nil, 1 << 30)
            if n > 0 { continue }
            if n == 0 { return }
            if errno == EINTR || errno == EAGAIN { continue }
            if errno == EINVAL || errno == ENOSYS { break }
            throw ShelfError.lastError(path: output.path, operation: "write")
        }
        try input.copyRest(to: output)
    }
}
