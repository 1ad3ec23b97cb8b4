import Glibc

/// Holds validated input until the target is locked, so the lock is held for the time it takes
/// to write the bytes, never for as long as a slow producer takes to send them, and invalid input
/// never touches the target. Small inputs stay in memory; larger ones move to an unlinked
/// temporary file in the target's folder (same file system, so the copy can stay in the kernel).
final class Spool {
    /// Bytes kept in memory before moving to a file (and the size of the write buffer after).
    static let memoryLimit = 1 << 20

    private let folder: FileDescriptor
    /// All the bytes while small; afterwards the bytes not yet written to `file`.
    private var memory: [UInt8] = []
    private var file: FileDescriptor?
    /// How many bytes `file` holds.
    private var fileLength = 0
    /// How many bytes the spool holds.
    private(set) var count = 0

    /// - Parameter folder: where a temporary file goes if the input outgrows memory.
    init(folder: FileDescriptor) {
        self.folder = folder
    }

    deinit { file?.close() }

    /// Adds bytes; values arrive in small pieces, so they are gathered into large writes.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        memory.append(contentsOf: bytes)
        count += bytes.count
        if memory.count > Spool.memoryLimit { try flush() }
    }

    func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    /// Drops everything after the first `length` bytes (trailing whitespace of an item).
    func truncate(to length: Int) throws {
        precondition(length <= count)
        if length >= fileLength {
            memory.removeLast(count - length)
        } else if let file {
            memory.removeAll()
            if ftruncate(file.raw, off_t(length)) != 0 { throw ShelfError.lastError(path: folder.path, operation: "truncate temporary file") }
            fileLength = length
        }
        count = length
    }

    /// Writes the bytes `range` of the spool into `output` starting at `offset`.
    func copy(_ range: Range<Int>, to output: FileDescriptor, at offset: Int) throws {
        guard file != nil else {
            try memory.withUnsafeBytes { try writeAll(UnsafeRawBufferPointer(rebasing: $0[range]), to: output, at: offset) }
            return
        }
        try flush()
        try copyFromFile(range, to: output, at: offset)
    }

    /// Writes all of the spool into `output` at `offset`.
    func copyAll(to output: FileDescriptor, at offset: Int) throws {
        try copy(0..<count, to: output, at: offset)
    }

    /// All the bytes, when they are still in memory only (nil once a file holds them).
    var bytesInMemory: [UInt8]? { file == nil ? memory : nil }

    /// Feeds all the bytes to `sum`, reading the file through a fixed buffer if there is one.
    func checksum(into sum: inout Checksum64) throws {
        guard file != nil else {
            sum.update(memory)
            return
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
        defer { buffer.deallocate() }
        var done = 0
        while done < count {
            let n = Swift.min(buffer.count, count - done)
            try read(done..<(done + n), into: buffer)
            sum.update(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
            done += n
        }
    }

    /// Copies the bytes `range` of the spool into the start of `buffer`, which must hold them.
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) throws {
        precondition(range.upperBound <= count && range.count <= buffer.count)
        guard let file else {
            memory.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[range])) }
            return
        }
        try flush()
        var done = 0
        while done < range.count {
            let n = pread(file.raw, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { throw ShelfError.lastError(path: folder.path, operation: "read temporary file") }
            done += n
        }
    }

    /// Moves what is in memory to the file, creating the file the first time.
    private func flush() throws {
        let fd: FileDescriptor
        if let file {
            fd = file
        } else {
            fd = try Spool.anonymousFile(in: folder)
            file = fd
        }
        try memory.withUnsafeBytes { try writeAll($0, to: fd, at: fileLength) }
        fileLength += memory.count
        memory.removeAll(keepingCapacity: true)
    }

    /// Copies from the file inside the kernel where it can, through a buffer where it cannot.
    private func copyFromFile(_ range: Range<Int>, to output: FileDescriptor, at offset: Int) throws {
        guard let file else { return }
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
