import FoundationEssentials

/// Reads `Data` values held in memory, one after the other, chunk by chunk, copying whole ranges
/// at a time (`BytesSource` goes byte by byte, which is slow for `Data`). Handing the engine
/// the pieces (`[`, a value, `]`) spares joining them into one more copy first.
struct DataSource: ByteSource {
    let parts: [Data]
    var part = 0
    var offset = 0

    init(_ parts: Data...) {
        self.parts = parts
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count && part < parts.count {
            let data = parts[part]
            let n = Swift.min(buffer.count - filled, data.count - offset)
            data.withUnsafeBytes { bytes in
                let from = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)])
                UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]).copyMemory(from: from)
            }
            filled += n
            offset += n
            if offset == data.count {
                part += 1
                offset = 0
            }
        }
        return filled
    }
}
