import Glibc

/// A thin owner of one open file descriptor, with the EINTR and short-write handling every
/// caller would otherwise repeat. It remembers the path it stands for, for error messages.
package struct FileDescriptor {
    package let raw: Int32
    package let path: String

    init(raw: Int32, path: String) {
        self.raw = raw
        self.path = path
    }

    /// `open(2)` with O_CLOEXEC, so no descriptor leaks into a child process.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) throws -> FileDescriptor {
        let fd = retryingEINTR { Glibc.open(path, flags | O_CLOEXEC, mode) }
        if fd < 0 { throw ShelfError.lastError(path: path, operation: "open") }
        return FileDescriptor(raw: fd, path: path)
    }

    /// `openat(2)` relative to this folder descriptor.
    package func openAt(_ name: String, _ flags: Int32, mode: mode_t = 0o600, path: String) throws -> FileDescriptor {
        let fd = retryingEINTR { Glibc.openat(raw, name, flags | O_CLOEXEC, mode) }
        if fd < 0 { throw ShelfError.lastError(path: path, operation: "open") }
        return FileDescriptor(raw: fd, path: path)
    }

    /// Reads up to `buffer.count` bytes; 0 means end of input.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let n = Glibc.read(raw, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw ShelfError.lastError(path: path, operation: "read")
        }
    }

    /// Fills `buffer` unless the input ends first; returns how many bytes were read.
    func readFully(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            let n = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// Writes every byte, looping over short writes.
    func writeAll(_ buffer: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.write(raw, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw ShelfError.lastError(path: path, operation: "write")
            }
            offset += n
        }
    }

    func writeAll(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try writeAll($0) }
    }

    /// Copies everything from the current offset to the end with plain reads and writes, through one
    /// fixed buffer: the fallback wherever the kernel's zero-copy calls are refused.
    func copyRest(to output: FileDescriptor) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = try read(into: buffer)
            if n == 0 { return }
            try output.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
            WorkProgress.report(.advanced(Int64(n)))
        }
    }

    /// Forces the data to stable storage; without it a rename can reach the disk before the data.
    func sync() throws {
        if retryingEINTR({ fsync(raw) }) != 0 { throw ShelfError.lastError(path: path, operation: "fsync") }
    }

    /// Forces the data and whatever metadata reading it back needs to stable storage: on Linux
    /// that includes a changed length (fdatasync(2)), so it is enough after an append or a
    /// truncation, without the timestamps a full `sync` would also write.
    func dataSync() throws {
        if retryingEINTR({ fdatasync(raw) }) != 0 { throw ShelfError.lastError(path: path, operation: "fdatasync") }
    }

    package func status() throws -> stat {
        var st = stat()
        if fstat(raw, &st) != 0 { throw ShelfError.lastError(path: path, operation: "stat") }
        return st
    }

    package func close() {
        // Linux releases the descriptor even when close reports EINTR: never retry.
        _ = Glibc.close(raw)
    }
}

/// Repeats a system call that was interrupted by a signal.
@inline(__always)
func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result < 0 && errno == EINTR { continue }
        return result
    }
}

/// Reads a small configuration file whole (user-dirs.dirs); nil when it cannot be read.
func readSmallFile(_ path: String, limit: Int = 1 << 20) throws -> String? {
    guard let fd = try? FileDescriptor.open(path, O_RDONLY) else { return nil }
    defer { fd.close() }
    var bytes = [UInt8](repeating: 0, count: limit)
    let n = try bytes.withUnsafeMutableBytes { try fd.readFully(into: $0) }
    return String(decoding: bytes[..<n], as: UTF8.self)
}

/// Whether `st` describes a folder, a regular file or a symbolic link.
extension stat {
    package var isFolder: Bool { (st_mode & S_IFMT) == S_IFDIR }
    package var isRegularFile: Bool { (st_mode & S_IFMT) == S_IFREG }
    package var isSymbolicLink: Bool { (st_mode & S_IFMT) == S_IFLNK }
}
