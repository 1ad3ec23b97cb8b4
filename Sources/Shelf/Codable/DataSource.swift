import FoundationEssentials

/// Reads a `Data` value in memory chunk by chunk, copying whole ranges at a time
/// (`BytesSource` goes byte by byte, which is slow for `Data`).
struct DataSource: ByteSource {
    let data: Data
    var offset = 0

    init(_ data: Data) {
        self.data = data
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = Swift.min(buffer.count, data.count - offset)
        guard n > 0 else { return 0 }
        data.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)]))
        }
        offset += n
        return n
    }
}
