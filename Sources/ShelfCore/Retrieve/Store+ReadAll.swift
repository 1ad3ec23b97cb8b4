extension Store {
    /// Reads an open file to its end; the size is only a first guess, in case the file grows.
    package static func readAll(_ file: FileDescriptor) throws -> [UInt8] {
        let size = try firstGuess(file)
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

    /// How many bytes to make room for when reading `file` whole: its size. A sparse file may
    /// claim exabytes (issue 12, item 9), and allocating that traps: a file larger than the
    /// machine's memory, which could never be read whole, is refused instead.
    /// - Throws: `io` (ENOMEM) for a file larger than physical memory.
    static func firstGuess(_ file: FileDescriptor) throws -> Int {
        let size = try file.status().size
        if size > ProcessState.physicalMemory {
            throw ShelfError.system(.noMemory, path: file.path, operation: .readWhole)
        }
        return Int(Swift.max(0, size))
    }
}
