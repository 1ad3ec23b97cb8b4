import FoundationEssentials

extension Store {
    /// Stores each element of `value` as one numbered file (`0`, `1`, …) in the folder `path`
    /// (Disk's `save(_:to:as:)` for `[Data]`). The folder is built under a hidden temporary name
    /// beside the target and then renamed into place, so readers see the old folder or the
    /// complete new one; an existing folder at `path` is replaced.
    /// - Returns: the URL of the folder.
    /// - Throws: `notAFolder` when a file stands at `path`, `invalidName`, `noSpace`, …
    @discardableResult
    public func save(_ value: [Data], to directory: Directory, as path: String) throws -> URL {
        let safe = try SafePath(path)
        guard let target = try target(safe, in: directory, create: true) else {
            throw ShelfError.notFound(path: try self.path(for: path, in: directory))
        }
        try target.closeAfter { target in
            if let st = try target.status() {
                if st.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
                if !st.isFolder { throw ShelfError.notAFolder(path: target.path) }
            }
            // The copies killed saves left beside the target go first, rather than at a `clear`.
            TempLeftovers.sweepAbandoned(in: target.folder)
            // An existing folder is swapped out atomically where the kernel can, then removed.
            try TempName.withFolder(in: target.folder, path: target.path, fill: { temp in
                for (index, data) in value.enumerated() {
                    let name = FileName(String(index))
                    let file = Target(folder: temp, name: name, path: target.path + "/" + name.description)
                    try AtomicReplace.write(file) { fd in
                        var source = DataSource(data)
                        try copy(from: &source, to: fd, validatingJSON: false, path: file.path)
                    }
                }
            }, install: { tempName in
                try AtomicReplace.install(tempName, in: target.folder, path: target.folder.path(for: tempName), as: target, replace: true)
            })
        }
        return URL(filePath: try self.path(for: path, in: directory), directoryHint: .isDirectory)
    }

    /// Every file in the folder `path`, in numeric order of their names (`2` before `10`), then
    /// any other names in byte order (Disk's `retrieve(_:from:as:)` for `[Data]`). Hidden files
    /// (including shelf's own `.shelf-` files) and sub-folders are skipped; each file is read
    /// under a shared lock.
    /// - Throws: `notFound`, `notAFolder` when `path` is a file, `symbolicLink` for a link inside.
    public func retrieve(_ path: String, from directory: Directory, as type: [Data].Type) throws -> [Data] {
        try openExistingFolder(SafePath(path), in: directory).closeAfter { folder in
            var names: [FileName] = []
            for entry in try FolderEntries.read(folder) where !entry.name.hasPrefix(".") {
                guard let st = try folder.status(of: entry.name) else { continue }
                if st.isSymbolicLink { throw ShelfError.symbolicLink(path: folder.path(for: entry.name)) }
                if st.isRegularFile { names.append(entry.name) }
            }
            return try names.sorted(by: Store.numberedOrder).compactMap { name in
                let file: FileDescriptor
                do {
                    file = try folder.open(name, [.readOnly, .noFollow])
                } catch ShelfError.notFound {
                    return nil  // removed since the listing: it is simply no longer part of the folder
                }
                return try file.closeAfter { file in
                    try FileLocks.lockForReading(file, name: name, in: folder)
                    return try Store.readData(file)
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
