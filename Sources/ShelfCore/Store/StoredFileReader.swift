/// A stored file open for reading under its shared lock, lent to a reader of the Swift library
/// for the length of one call (`Store.readLocked`, `readNumberedFiles`, …): the library reads
/// the bytes into its own types (`Data`) without the engine knowing them, and never holds the
/// descriptor, the lock or the journal itself. Not to be kept past the call that lends it.
public struct StoredFileReader {
    let file: FileDescriptor

    /// The file's absolute path, for messages.
    public var path: String { file.path }

    /// Reads up to `buffer.count` bytes at the current offset; 0 at the end.
    /// - Throws: `io` naming the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try file.read(into: buffer)
    }

    /// Fills `buffer` unless the end comes first; returns how many bytes were read.
    /// - Throws: `io` naming the file.
    public func readFully(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try file.readFully(into: buffer)
    }

    /// How many bytes to make room for when reading the file whole: its size now (it may still
    /// grow). A sparse file larger than the machine's memory is refused rather than allocated.
    /// - Throws: `io` (ENOMEM) for a file larger than physical memory.
    public func sizeToReserve() throws -> Int {
        try Store.firstGuess(file)
    }
}
