/// The reads the Swift library builds its `Data` values on. The engine opens, locks and repairs
/// (a crashed append is rolled back before anything is read); the library only reads bytes.
extension Store {
    /// Opens the stored regular file at `path` under its shared lock, as `retrieve` does, and
    /// lends it to `readFile`.
    /// - Throws: `notFound`, `isAFolder`, `symbolicLink`, `permissionDenied`, `invalidName`, `io`.
    public func readLocked<T>(_ path: String, in directory: Directory, _ readFile: (StoredFileReader) throws -> T) throws -> T {
        try openLockedForReading(SafePath(path), in: directory).file.closeAfter { try readFile(StoredFileReader(file: $0)) }
    }

    /// Reads every file of the folder `path` under its shared lock, in numeric order of their
    /// names (`2` before `10`), then any other names in byte order (Disk's `[Data]` layout).
    /// Hidden files (shelf's own `.shelf-` files among them) and sub-folders are skipped; a file
    /// removed since the listing is no longer part of the folder.
    /// - Throws: `notFound`, `notAFolder` when `path` is a file, `symbolicLink` for a link inside.
    public func readNumberedFiles<T>(inFolder path: String, in directory: Directory,
                                     _ readFile: (StoredFileReader) throws -> T) throws -> [T] {
        try openExistingFolder(SafePath(path), in: directory).closeAfter { folder in
            var names: [FileName] = []
            for entry in try FolderEntries.read(folder) where !entry.name.hasPrefix(".") {
                guard let st = try folder.status(of: entry.name) else { continue }
                if st.isSymbolicLink { throw ShelfError.symbolicLink(path: folder.path(for: entry.name)) }
                if st.isRegularFile { names.append(entry.name) }
            }
            return try names.sorted(by: Store.numberedOrder).compactMap { name in
                // Gone since the listing (nil): no longer part of the folder.
                let opened = try FileLocks.openForReading(name, in: folder) {
                    try nilIfNotFound { try folder.open(name, [.readOnly, .noFollow]) }
                }
                return try opened?.closeAfter { file in try readFile(StoredFileReader(file: file)) }
            }
        }
    }

    /// Reads each visible regular `<id>.json` file directly in the folder `path` (a
    /// `JSONFolder`) under its shared lock; `readFile` gets the id (the name without `.json`).
    /// Other entries, links, names that are not UTF-8 and files gone since the listing are
    /// skipped; a missing folder holds none. In the folder's listing order.
    /// - Throws: `notAFolder`, `symbolicLink` for the folder itself, `permissionDenied`, `io`.
    public func readJSONFiles<T>(inFolder path: String, in directory: Directory,
                                 _ readFile: (_ id: String, StoredFileReader) throws -> T) throws -> [T] {
        guard let folder = try nilIfNotFound({ try openExistingFolder(SafePath(path), in: directory) }) else { return [] }
        return try folder.closeAfter { folder in
            try FolderEntries.read(folder).compactMap { entry -> T? in
                let name = entry.name
                guard !name.hasPrefix("."), name.hasSuffix(".json"), name.bytes.count > 5, let text = name.text else { return nil }
                do {
                    let opened = try FileLocks.openForReading(name, in: folder) { () -> FileDescriptor? in
                        try folder.open(name, [.readOnly, .noFollow, .nonBlocking]).kept { try $0.status().isRegularFile }
                    }
                    return try opened?.closeAfter { file in try readFile(String(text.dropLast(5)), StoredFileReader(file: file)) }
                } catch ShelfError.notFound, ShelfError.symbolicLink {
                    return nil
                }
            }
        }
    }

    /// Numbered names by value, before every other name; others in byte order.
    static func numberedOrder(_ a: FileName, _ b: FileName) -> Bool {
        switch (NumberedNames.value(of: a), NumberedNames.value(of: b)) {
        case let (x?, y?):
            if x.count != y.count { return x.count < y.count }
            return x != y ? x.lexicographicallyPrecedes(y) : a.bytes.lexicographicallyPrecedes(b.bytes)
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a.bytes.lexicographicallyPrecedes(b.bytes)
        }
    }
}

extension Store {
    /// Whether something (a folder, or a file or link in its way) stands where the namespace
    /// folder of `directory` belongs; nothing is created, a link is not followed.
    /// - Throws: `cannotAccessDirectory` when the directory is not configured.
    public func namespaceFolderExists(in directory: Directory) throws -> Bool {
        try namespaceFolderStatus(in: directory) != nil
    }

    /// Whether the namespace folder of `directory` is there and is a folder (not a link).
    /// - Throws: `cannotAccessDirectory` when the directory is not configured.
    public func namespaceFolderIsFolder(in directory: Directory) throws -> Bool {
        try namespaceFolderStatus(in: directory)?.isFolder ?? false
    }

    private func namespaceFolderStatus(in directory: Directory) throws -> FileStatus? {
        let folder = try path(for: nil, in: directory)
        return try? FileDescriptor.status(of: folder)
    }
}
