extension Store {
    /// Whether a file or folder is stored at `path`. Never creates anything.
    /// - Throws: `invalidName` for unsafe paths, `symbolicLink` when a folder on the way is a link.
    public func exists(_ path: String, in directory: Directory) throws -> Bool {
        guard let target = try target(path, in: directory, create: false) else { return false }
        defer { target.close() }
        return try target.status() != nil
    }

    /// Whether `path` is a folder (Disk's `isFolder`); false when missing.
    public func isFolder(_ path: String, in directory: Directory) throws -> Bool {
        guard let target = try target(path, in: directory, create: false) else { return false }
        defer { target.close() }
        return try target.status()?.isFolder ?? false
    }
}
