import Glibc

extension Store {
    /// Writes the stored bytes of `path` to the descriptor `output`, holding a shared lock so
    /// that an in-place append is never seen half-done.
    /// - Throws: `notFound`, `isAFolder`, `symbolicLink`, `permissionDenied`, `io`.
    public func retrieve(_ path: String, from directory: Directory, to output: Int32) throws {
        let (file, _) = try openLockedForReading(path, in: directory)
        defer { file.close() }
        try Store.stream(file, to: FileDescriptor(raw: output, path: "<stdout>"))
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
