extension Store {
    /// Whether a file or folder is stored at `path`. Never creates anything.
    /// - Throws: `invalidName` for unsafe paths, `symbolicLink` when a folder on the way is a link.
    public func exists(_ path: String, in directory: Directory) throws -> Bool {
        try exists(SafePath(path), in: directory)
    }

    package func exists(_ path: SafePath, in directory: Directory) throws -> Bool {
        guard let target = try target(path, in: directory, create: false) else { return false }
        return try target.closeAfter { try $0.status() != nil }
    }

    /// Whether `path` is a folder (Disk's `isFolder`); false when missing.
    public func isFolder(_ path: String, in directory: Directory) throws -> Bool {
        try isFolder(SafePath(path), in: directory)
    }

    package func isFolder(_ path: SafePath, in directory: Directory) throws -> Bool {
        guard let target = try target(path, in: directory, create: false) else { return false }
        return try target.closeAfter { try $0.status()?.isFolder ?? false }
    }
}
