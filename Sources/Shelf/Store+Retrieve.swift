import Glibc

extension Store {
    /// Writes the stored bytes of `path` to the descriptor `output`, holding a shared lock so
    /// that an in-place append is never seen half-done.
    /// - Throws: `notFound`, `isAFolder`, `symbolicLink`, `permissionDenied`, `io`.
    public func retrieve(_ path: String, from directory: Directory, to output: Int32) throws {
        let (file, _) = try openLockedForReading(path, in: directory)
        defer { file.close() }
        if let size = try? file.status().st_size { WorkProgress.report(.total(Int64(size))) }
        try Store.stream(file, to: FileDescriptor(raw: output, path: "<stdout>"))
    }

    /// Opens a stored regular file read-only, refusing folders and links.
    func openForReading(_ path: String, in directory: Directory) throws -> FileDescriptor {
        let target = try existingTarget(path, in: directory)
        defer { target.close() }
        let file = try target.folder.openAt(target.name, O_RDONLY | O_NOFOLLOW, path: target.path)
        do {
            if try file.status().isFolder { throw ShelfError.isAFolder(path: target.path) }
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
            let n = sendfile(output.raw, input.raw, nil, WorkProgress.chunk(1 << 30))
            if n > 0 {
                WorkProgress.report(.advanced(Int64(n)))
                continue
            }
            if n == 0 { return }
            if errno == EINTR || errno == EAGAIN { continue }
            if errno == EINVAL || errno == ENOSYS { break }
            throw ShelfError.lastError(path: output.path, operation: "write")
        }
        try input.copyRest(to: output)
    }
}
