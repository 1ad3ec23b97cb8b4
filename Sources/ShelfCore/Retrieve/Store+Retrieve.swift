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
    /// Writes the stored bytes of `path` to the descriptor `output`: a snapshot taken under the
    /// file's shared lock, so that an in-place append is never seen half-done, and streamed once
    /// the lock is let go (`ReadSnapshot`).
    /// - Throws: `notFound`, `expired` (unless `options.allowExpired`), `isAFolder`, `symbolicLink`,
    ///   `permissionDenied`, `io`.
    package func retrieve(_ path: SafePath, from directory: Directory, to output: Int32,
                         options: RetrieveOptions = RetrieveOptions()) throws {
        let snapshot = try openSnapshot(path, in: directory, options: options).snapshot
        try snapshot.file.closeAfter { _ in
            // The snapshot's size, taken under the lock, is what is streamed: no second `fstat`.
            WorkProgress.report(.total(Int64(snapshot.size)))
            try snapshot.stream(to: FileDescriptor(raw: output, path: "<stdout>"))
        }
    }

    /// Refuses a file whose expiry time has passed, unless the options allow it. Every read of a
    /// stored file's content goes through this (see `openLockedForReading`).
    func checkExpiry(_ file: FileDescriptor, named name: FileName, in folder: FileDescriptor, options: RetrieveOptions) throws {
        if options.allowExpired { return }
        let st = try file.status()
        if let expires = try Expiry.read(file, st, named: name, in: folder),
           Expiry.hasExpired(expires, now: options.now ?? ProcessState.now()) {
            throw ShelfError.expired(path: file.path, at: TimestampText.format(expires))
        }
    }

    /// Copies `count` bytes (or up to the end) of a file, from its current offset, to any
    /// descriptor. `sendfile` moves the bytes inside the kernel (to a pipe, file or socket);
    /// where it is refused the loop falls back to read and write.
    static func stream(_ input: FileDescriptor, count: Int, to output: FileDescriptor) throws {
        var left = count
        sending: while left > 0 {
            do {
                let n = try kernel.sendFile(from: input.raw, to: output.raw, count: Swift.min(left, WorkProgress.chunk(1 << 30)))
                if n == 0 { return }
                left -= n
                WorkProgress.report(.advanced(Int64(n)))
            } catch .wouldBlock {
                continue
            } catch .invalidArgument, .notImplemented {
                break sending
            } catch {
                throw ShelfError.system(error, path: output.path, operation: .write)
            }
        }
        if left > 0 { try input.copyRest(to: output, limit: left) }
    }
}
