/// Collects values into a spool with a separator between them and a terminator after each:
/// `,` between array elements, `\n` after JSON Lines. It can remember where each value ends,
/// for appends that give each value its own file.
struct SpoolSink: ValueSink {
    let spool: Spool
    var separator: [UInt8] = []
    var terminator: [UInt8] = []
    var recordsEnds = false
    /// The spool length after each value (when `recordsEnds`).
    private(set) var ends: [Int] = []
    private var started = false

    init(spool: Spool, separator: [UInt8] = [], terminator: [UInt8] = [], recordsEnds: Bool = false) {
        self.spool = spool
        self.separator = separator
        self.terminator = terminator
        self.recordsEnds = recordsEnds
    }

    mutating func valueBegan() throws {
        if started { try spool.append(separator) }
        started = true
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        try spool.append(bytes)
    }

    mutating func valueEnded() throws {
        try spool.append(terminator)
        if recordsEnds { ends.append(spool.count) }
    }
}

/// Writes values to a descriptor, one per line, through a fixed buffer.
final class LineWriterSink: ValueSink {
    let output: FileDescriptor
    private let buffer: UnsafeMutableRawBufferPointer
    private var used = 0

    init(output: FileDescriptor) {
        self.output = output
        buffer = .allocate(byteCount: streamBufferSize, alignment: 16)
    }

    deinit { buffer.deallocate() }

    func valueBegan() throws {}

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        if used + bytes.count > buffer.count {
            try flush()
            if bytes.count > buffer.count { return try output.writeAll(bytes) }
        }
        UnsafeMutableRawBufferPointer(rebasing: buffer[used..<(used + bytes.count)]).copyMemory(from: bytes)
        used += bytes.count
    }

    func valueEnded() throws {
        if used == buffer.count { try flush() }
        buffer[used] = Byte.newline
        used += 1
    }

    /// Writes out what is buffered; call after the last value.
    func flush() throws {
        try output.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<used]))
        used = 0
    }
}
