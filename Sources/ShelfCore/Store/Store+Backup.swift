extension Store {
    /// Excludes a file or folder from backups, or includes it again (Disk's `doNotBackup` and
    /// `backup`), through the freedesktop.org extended attribute `user.xdg.robots.backup`:
    /// excluding sets it to `false`, including removes it (the default is to back up).
    /// - Throws: `notFound`, `symbolicLink`, `unsupported` where the file system has no user
    ///   extended attributes, `permissionDenied`, `readOnly`.
    public func setExcludedFromBackup(_ excluded: Bool, _ path: String, in directory: Directory) throws {
        try setExcludedFromBackup(excluded, SafePath(path), in: directory)
    }

    package func setExcludedFromBackup(_ excluded: Bool, _ path: SafePath, in directory: Directory) throws {
        try openEntry(path, in: directory).closeAfter { entry in
            if excluded {
                try ExtendedAttributes.set(ExtendedAttributes.backup, Array("false".utf8), on: entry)
            } else {
                try ExtendedAttributes.remove(ExtendedAttributes.backup, from: entry)
            }
            // Attributes are metadata the journal may hold back; make the choice survive a crash.
            try entry.sync()
        }
    }

    /// Whether a file or folder is excluded from backups (`user.xdg.robots.backup` is `false`).
    /// A file system without user extended attributes answers false: nothing can be excluded there.
    /// - Throws: `notFound`, `symbolicLink`, `permissionDenied`.
    public func isExcludedFromBackup(_ path: String, in directory: Directory) throws -> Bool {
        try openEntry(SafePath(path), in: directory).closeAfter { entry in
            do {
                return try ExtendedAttributes.value(ExtendedAttributes.backup, of: entry).map(Store.meansFalse) ?? false
            } catch ShelfError.unsupported {
                return false
            }
        }
    }

    /// The expiry time of a stored file (seconds since 1970 UTC), or nil when it has none.
    /// Folders have none. See `SaveOptions.expiresAt`.
    /// - Throws: `notFound`, `symbolicLink`, `permissionDenied`.
    public func expiry(of path: String, in directory: Directory) throws -> Int64? {
        try existingTarget(SafePath(path), in: directory).closeAfter { target in
            try openEntry(target).closeAfter { file in
                let st = try file.status()
                guard st.isRegularFile else { return nil }
                return try Expiry.read(file, st, named: target.name, in: target.folder)
            }
        }
    }

    /// Opens a stored file or folder itself (not what a link points to) for reading its metadata.
    func openEntry(_ path: SafePath, in directory: Directory) throws -> FileDescriptor {
        try existingTarget(path, in: directory).closeAfter(openEntry)
    }

    private func openEntry(_ target: Target) throws -> FileDescriptor {
        guard let st = try target.status() else { throw ShelfError.notFound(path: target.path) }
        if st.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
        guard st.isRegularFile || st.isFolder else {
            throw ShelfError.unsupported(path: target.path, reason: "only files and folders carry these attributes")
        }
        // O_NONBLOCK: should the entry be swapped for a FIFO meanwhile, opening it must not hang.
        return try target.folder.open(target.name, [.readOnly, .noFollow, .nonBlocking], path: target.path)
    }

    /// The attribute's text means "no": `false`, `0` or `no`, as backup tools read it.
    static func meansFalse(_ value: [UInt8]) -> Bool {
        ["false", "0", "no"].contains(String(decoding: value, as: UTF8.self).lowercased())
    }
}
