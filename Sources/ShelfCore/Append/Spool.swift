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
    private var spoolFile: OpenFile?
    /// How many bytes `file` holds.
    private var fileLength = 0
    /// How many bytes the spool holds.
    private(set) var count = 0

    /// - Parameter folder: where a temporary file goes if the input outgrows memory.
    init(folder: FileDescriptor) {
        self.folder = folder
    }

    private var file: FileDescriptor? { spoolFile?.descriptor }

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
            try file.resize(to: length, operation: .truncateTemporaryFile)
            fileLength = length
        }
        count = length
    }

    /// Writes the bytes `range` of the spool into `output` starting at `offset`.
    func copy(_ range: Range<Int>, to output: FileDescriptor, at offset: Int) throws {
        guard file != nil else {
            try memory.withUnsafeBytes { try output.writeAll(toAbsoluteOffset: offset, UnsafeRawBufferPointer(rebasing: $0[range])) }
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
        var source = SpoolSource(self, 0..<count)
        try AppendInput.forEachChunk(of: &source) { sum.update($0) }
    }

    /// Copies the bytes `range` of the spool into the start of `buffer`, which must hold them.
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) throws {
        precondition(range.upperBound <= count && range.count <= buffer.count)
        guard let file else {
            memory.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[range])) }
            return
        }
        try flush()
        let n = try file.read(fromAbsoluteOffset: range.lowerBound, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<range.count]))
        if n < range.count { throw Spool.shortRead(folder) }
    }

    /// The bytes `range` of the spool, for a few of them.
    func bytes(_ range: Range<Int>) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: range.count)
        try bytes.withUnsafeMutableBytes { try read(range, into: $0) }
        return bytes
    }

    /// Moves what is in memory to the file, creating the file the first time.
    private func flush() throws {
        let fd: FileDescriptor
        if let file {
            fd = file
        } else {
            fd = try TempFile.anonymous(in: folder, path: folder.path)
            spoolFile = OpenFile(fd)
        }
        try memory.withUnsafeBytes { try fd.writeAll(toAbsoluteOffset: fileLength, $0) }
        fileLength += memory.count
        memory.removeAll(keepingCapacity: true)
    }

    /// Copies from the file inside the kernel where it can, through a buffer where it cannot.
    private func copyFromFile(_ range: Range<Int>, to output: FileDescriptor, at offset: Int) throws {
        guard let file else { return }
        var done = 0
        copying: while done < range.count {
            var from: Int64? = Int64(range.lowerBound + done), to: Int64? = Int64(offset + done)
            let n: Int
            do {
                n = try kernel.copyRange(from: file.raw, at: &from, to: output.raw, at: &to, count: range.count - done)
            } catch let error where [.noSpace, .quotaExceeded, .ioError].contains(error) {
                throw ShelfError.system(error, path: output.path, operation: .write)
            } catch {
                break copying  // not supported here: copy through a buffer
            }
            if n == 0 { throw Spool.shortRead(folder) }
            done += n
        }
        try AppendInput.forEachChunk(of: file, in: (range.lowerBound + done)..<range.upperBound) { chunk, at in
            try output.writeAll(toAbsoluteOffset: offset + at - range.lowerBound, chunk)
            done += chunk.count
        }
        if done < range.count { throw Spool.shortRead(folder) }
    }

    /// The spool's file ended before the bytes it was given: something cut it.
    private static func shortRead(_ folder: FileDescriptor) -> ShelfError {
        .io(path: folder.path, operation: SystemOperation.readTemporaryFile.text, errno: Errno.ioError.rawValue)
    }
}

/// Reads the bytes `range` of a spool, as a source (for `save`).
struct SpoolSource: ByteSource {
    let spool: Spool
    var next: Int
    let end: Int

    init(_ spool: Spool, _ range: Range<Int>) {
        self.spool = spool
        next = range.lowerBound
        end = range.upperBound
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = Swift.min(buffer.count, end - next)
        try spool.read(next..<(next + n), into: buffer)
        next += n
        return n
    }
}
