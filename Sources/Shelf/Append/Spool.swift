import Glibc

/// Holds validated input until the target is locked, so the lock is held for the time it takes
/// to write the bytes, never for as long as a slow producer takes to send them, and invalid input
/// never touches the target. Small inputs stay in memory; larger ones move to an unlinked
/// temporary file in the target's folder (same file system, so the copy can stay in the kernel).
final class Spool {
    /// Bytes kept in memory before moving to a file.
    static let memoryLimit = 1 << 20

    private let folder: FileDescriptor
    private var memory: [UInt8] = []
    private var file: FileDescriptor?
    /// How many bytes the spool holds.
    private(set) var count = 0

    /// - Parameter folder: where a temporary file goes if the input outgrows memory.
    init(folder: FileDescriptor) {
        self.folder = folder
    }

    deinit { file?.close() }

    func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        if file == nil && memory.count + bytes.count <= Spool.memoryLimit {
            memory.append(contentsOf: bytes)
        } else {
            let fd = try spillFile()
            try writeAll(bytes, to: fd, at: count)
        }
        count += bytes.count
    }

    func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    /// Drops everything after the first `length` bytes (trailing whitespace of an item).
    func truncate(to length: Int) throws {
        precondition(length <= count)
        if let file {
            if ftruncate(file.raw, off_t(length)) != 0 { throw ShelfError.lastError(path: folder.path, operation: "truncate temporary file") }
        } else {
            memory.removeLast(count - length)
        }
        count = length
    }

    /// Writes the bytes `range` of the spool into `output` starting at `offset`.
    func copy(_ range: Range<Int>, to output: FileDescriptor, at offset: Int) throws {
        guard let file else {
            try memory.withUnsafeBytes { try writeAll(UnsafeRawBufferPointer(rebasing: $0[range]), to: output, at: offset) }
            return
        }
        var done = 0
        while done < range.count {
            var from = Int64(range.lowerBound + done), to = Int64(offset + done)
            let n = KernelCalls.copyFileRange(from: file.raw, at: &from, to: output.raw, at: &to, count: range.count - done)
            if n > 0 { done += n; continue }
            if n == 0 { throw ShelfError.io(path: folder.path, operation: "read temporary file", errno: EIO) }
            if errno == ENOSPC || errno == EDQUOT || errno == EIO { throw ShelfError.lastError(path: output.path, operation: "write") }
            break  // not supported here: copy through a buffer
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
        defer { buffer.deallocate() }
        while done < range.count {
            let want = Swift.min(buffer.count, range.count - done)
            let n = pread(file.raw, buffer.baseAddress, want, off_t(range.lowerBound + done))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { throw ShelfError.lastError(path: folder.path, operation: "read temporary file") }
            try writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<n]), to: output, at: offset + done)
            done += n
        }
    }

    /// Writes all of the spool into `output` at `offset`.
    func copyAll(to output: FileDescriptor, at offset: Int) throws {
        try copy(0..<count, to: output, at: offset)
    }

    /// Moves the memory part into an unlinked file the first time the input outgrows memory.
    private func spillFile() throws -> FileDescriptor {
        if let file { return file }
        let fd = try Spool.anonymousFile(in: folder)
        try memory.withUnsafeBytes { try writeAll($0, to: fd, at: 0) }
        memory = []
        file = fd
        return fd
    }

    /// A file with no name (O_TMPFILE), or one unlinked right after creation where the file
    /// system lacks O_TMPFILE: either way nothing is left behind, whatever happens.
    static func anonymousFile(in folder: FileDescriptor) throws -> FileDescriptor {
        let tmpfile: Int32 = 0o20_000_000 | O_DIRECTORY  // O_TMPFILE, which Glibc's module does not export
        let fd = retryingEINTR { openat(folder.raw, ".", tmpfile | O_RDWR | O_CLOEXEC, 0o600) }
        if fd >= 0 { return FileDescriptor(raw: fd, path: folder.path) }
        while true {
            let name = AtomicFile.tempPrefix + AtomicFile.randomSuffix()
            let fd = retryingEINTR { openat(folder.raw, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
            if fd >= 0 {
                unlinkat(folder.raw, name, 0)
                return FileDescriptor(raw: fd, path: folder.path)
            }
            if errno != EEXIST { throw ShelfError.lastError(path: folder.path, operation: "create temporary file") }
        }
    }
}

/// `pwrite` of every byte, looping over short writes.
func writeAll(_ bytes: UnsafeRawBufferPointer, to file: FileDescriptor, at offset: Int) throws {
    var done = 0
    while done < bytes.count {
        let n = pwrite(file.raw, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
        if n < 0 {
            if errno == EINTR { continue }
            throw ShelfError.lastError(path: file.path, operation: "write")
        }
        done += n
    }
}
