extension Store {
    /// Reads an open file to its end; the size is only a first guess, in case the file grows.
    package static func readAll(_ file: FileDescriptor) throws -> [UInt8] {
        let size = Swift.max(0, Int(try file.status().size))
        var bytes = [UInt8](repeating: 0, count: size)
        let filled = try bytes.withUnsafeMutableBytes { try file.readFully(into: $0) }
        if filled < size {
            bytes.removeLast(size - filled)
            return bytes
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}
