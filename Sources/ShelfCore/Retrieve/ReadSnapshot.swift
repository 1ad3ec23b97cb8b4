/// What a reader may stream of a stored file once it lets go of the file's shared lock.
///
/// A reader that held its lock while writing to a pipe could wait forever: the process reading
/// the pipe may be waiting for that very lock (`shelf retrieve --each caches f.json | while read
/// -r x; do echo "$x" | shelf append caches f.json; done`, issue 12 item 8). So a reader takes a
/// snapshot under the lock and streams it without: shelf only ever changes a stored file in place
/// from an append's insertion offset on (the end of a JSON array's last element, or the end of the
/// file), and every other change gives the name a new file, which leaves the open one as it was.
/// The bytes before the insertion offset are therefore final; the few after it (a closing bracket
/// and blanks) are copied while the lock is held.
struct ReadSnapshot {
    /// The file, open for reading; its bytes `0..<stable` never change.
    let file: FileDescriptor
    let stable: Int
    /// The file's size under the lock: how many bytes `stream` writes.
    let size: Int
    /// The bytes after `stable` as they were under the lock: in memory, or for a tail of more than
    /// `memoryLimit` bytes (blanks after the bracket), in an unnamed file read from its start.
    private let tail: [UInt8]
    private let tailFile: OpenFile?

    static let memoryLimit = 1 << 20

    /// Takes the snapshot of `file`, which the caller holds under its shared lock; `folder` is
    /// where an unnamed file for a long tail may go.
    init(of file: FileDescriptor, in folder: FileDescriptor) throws {
        let size = Int(try file.status().size)
        self.file = file
        self.size = size
        stable = try ReadSnapshot.stableLength(of: file, size: size)
        if size - stable <= ReadSnapshot.memoryLimit {
            tail = try file.bytes(in: stable..<size)
            tailFile = nil
        } else {
            tail = []
            let copy = try TempFile.anonymous(in: folder, path: folder.path)
            tailFile = OpenFile(copy)
            try FileCopy.copy(stable..<size, of: file, to: copy)
        }
    }

    /// How many leading bytes of a file no shelf write changes in place: up to the insertion
    /// point when it holds a JSON array (`StoredJSONShape`), else all of them.
    static func stableLength(of file: FileDescriptor, size: Int) throws -> Int {
        guard size > 0, case .array(let offset, _, _) = try StoredJSONShape.inspect(file, size: size) else { return size }
        return offset
    }

    /// Writes the snapshot to `output` (a pipe, a file, a socket): the stable bytes inside the
    /// kernel where it can, then the tail.
    func stream(to output: FileDescriptor) throws {
        try Store.stream(file, count: stable, to: output)
        if let tailFile {
            try Store.stream(tailFile.descriptor, count: Int.max, to: output)
        } else {
            try output.writeAll(tail)
        }
    }

    /// Reads the snapshot in order, chunk by chunk.
    func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try AppendInput.forEachChunk(of: file, in: 0..<stable) { chunk, _ in try body(chunk) }
        if let tailFile {
            try AppendInput.forEachChunk(of: tailFile.descriptor, in: 0..<Int.max) { chunk, _ in try body(chunk) }
        } else if !tail.isEmpty {
            try tail.withUnsafeBytes { try body($0) }
        }
    }
}
