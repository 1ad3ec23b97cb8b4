import FoundationEssentials

extension Store {
    /// Stores `value` at `path`, atomically replacing what was there (Disk's `save(_:to:as:)`
    /// for `Data`). A name ending in `.json` must hold one JSON text, as on the command line.
    /// - Returns: the URL of the file written.
    /// - Throws: `invalidJSON` (nothing written), `invalidName`, `isAFolder`, `noSpace`, …
    @discardableResult
    public func save(_ value: Data, to directory: Directory, as path: String) throws -> URL {
        var source = DataSource(value)
        return fileURL(try save(from: &source, to: path, in: directory))
    }

    /// The bytes stored at `path`, read under a shared lock so that an in-place append is never
    /// seen half-done (Disk's `retrieve(_:from:as:)` for `Data`).
    /// - Throws: `notFound`, `isAFolder`, `symbolicLink`, `permissionDenied`, `io`.
    public func retrieve(_ path: String, from directory: Directory, as type: Data.Type) throws -> Data {
        try readLocked(path, in: directory, Store.readData)
    }

    /// Reads an open file to its end straight into `Data` (no second copy through an array);
    /// the size is only a first guess, in case the file grows meanwhile.
    static func readData(_ file: StoredFileReader) throws -> Data {
        var data = Data(count: try file.sizeToReserve())
        let filled = try data.withUnsafeMutableBytes { try file.readFully(into: $0) }
        if filled < data.count {
            data.removeLast(data.count - filled)
            return data
        }
        var chunk = Data(count: 1 << 16)
        while true {
            let n = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
            if n == 0 { return data }
            data.append(chunk.prefix(n))
        }
    }

    /// The URL of an absolute path: a file unless the path ends with `/`.
    func fileURL(_ path: String) -> URL {
        URL(filePath: path, directoryHint: .inferFromPath)
    }
}
