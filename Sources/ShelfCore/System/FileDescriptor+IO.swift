/// Streaming buffers: large enough that system calls are few, small enough that memory stays
/// flat whatever the input size.
let streamBufferSize = 1 << 20

/// Reads and writes, sequential and positional, looping over short counts (`EINTR` is retried
/// below, in the kernel call).
extension FileDescriptor {
    /// Reads up to `buffer.count` bytes at the current offset; 0 means the end.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try systemCall(.read, path: path) { () throws(Errno) in try kernel.read(raw, at: nil, into: buffer) }
    }

    /// Fills `buffer` unless the input ends first; returns how many bytes were read.
    package func readFully(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try read(fromAbsoluteOffset: nil, into: buffer)
    }

    /// Fills `buffer` from `offset` on, where the descriptor's own offset does not move, or (nil)
    /// from the current offset, unless the file ends first; returns how many bytes were read.
    package func read(fromAbsoluteOffset offset: Int?, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
            let n = try systemCall(.read, path: path) { () throws(Errno) in
                try kernel.read(raw, at: offset.map { Int64($0 + filled) }, into: rest)
            }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// The bytes `range` of the file (fewer when the file ends first).
    package func bytes(in range: Range<Int>) throws -> [UInt8] {
        guard !range.isEmpty else { return [] }
        return try Self.filled(range.count) { try read(fromAbsoluteOffset: range.lowerBound, into: $0) }
    }

    /// Writes every byte: from `offset` on, where the descriptor's own offset does not move, or
    /// (nil) at the current offset.
    package func writeAll(toAbsoluteOffset offset: Int? = nil, _ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[done...])
            done += try systemCall(.write, path: path) { () throws(Errno) in
                try kernel.write(raw, at: offset.map { Int64($0 + done) }, rest)
            }
        }
    }

    package func writeAll(toAbsoluteOffset offset: Int? = nil, _ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try writeAll(toAbsoluteOffset: offset, $0) }
    }

    /// `count` bytes as `read` fills them (fewer where it returns fewer).
    private static func filled(_ count: Int, by read: (UnsafeMutableRawBufferPointer) throws -> Int) rethrows -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let n = try bytes.withUnsafeMutableBytes(read)
        bytes.removeLast(count - n)
        return bytes
    }

    /// Copies everything from the current offset to the end with plain reads and writes, through one
    /// fixed buffer: the fallback wherever the kernel's zero-copy calls are refused.
    func copyRest(to output: FileDescriptor, limit: Int = Int.max) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
        defer { buffer.deallocate() }
        var left = limit
        while left > 0 {
            try Interruption.check(output.path)
            let n = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<Swift.min(buffer.count, left)]))
            if n == 0 { return }
            left -= n
            try output.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
            WorkProgress.report(.advanced(Int64(n)))
        }
    }

    /// Reads a small file whole (`/proc/locks`, `user-dirs.dirs`); nil when it cannot be opened.
    /// Never waits: a FIFO planted under the name (the environment chooses the folder) reads as
    /// empty instead of blocking the command forever.
    /// - Returns: at most `limit` bytes: a file that fills them may have been cut.
    static func readSmallFile(_ path: String, limit: Int = 1 << 20) throws -> [UInt8]? {
        guard let file = try? open(path, [.readOnly, .nonBlocking]) else { return nil }
        return try file.closeAfter { file in try filled(limit) { try file.readFully(into: $0) } }
    }
}
