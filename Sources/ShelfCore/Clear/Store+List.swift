import Glibc

extension Store {
    /// The files and folders in `folder` (the namespace folder when nil), with size, times,
    /// expiry and backup flag; names in byte order, folders ending with `/`. With `recursive`,
    /// each folder is followed by its contents, named by their path from `folder`. shelf's own
    /// `.shelf-` files never appear; links are listed, never followed. Naming a file lists just it.
    /// A directory where nothing was ever stored lists as empty (nothing is created).
    /// - Throws: `notFound`, `symbolicLink`, `permissionDenied`, `invalidName`.
    public func list(_ folder: String? = nil, in directory: Directory, recursive: Bool = false) throws -> [ListEntry] {
        var entries: [ListEntry] = []
        try walkListing(folder, in: directory, recursive: recursive) { parent, name, path, isFolder, index in
            do {
                entries.append(try Store.describe(name, in: parent, as: path, isFolder: isFolder, index: index))
            } catch ShelfError.notFound {
                // Removed since the folder was read: it is simply no longer there.
            }
        }
        return entries
    }

    /// The names `list` would give, without reading any file's metadata: one `readdir` per folder,
    /// which keeps listing a folder of 100,000 files about as fast as `ls -f`.
    public func listNames(_ folder: String? = nil, in directory: Directory, recursive: Bool = false) throws -> [String] {
        var names: [String] = []
        try walkListing(folder, in: directory, recursive: recursive, needsIndex: false) { _, _, path, _, _ in
            names.append(path)
        }
        return names
    }

    /// Calls `visit(parent folder, entry name, listed path, is folder, expiry index)` for each entry.
    private func walkListing(_ folder: String?, in directory: Directory, recursive: Bool, needsIndex: Bool = true,
                             visit: (FileDescriptor, String, String, Bool, ExpiryIndex?) throws -> Void) throws {
        let opened: FileDescriptor?
        if let folder {
            let target = try existingTarget(folder, in: directory)
            defer { target.close() }
            guard let st = try target.status() else { throw ShelfError.notFound(path: target.path) }
            if st.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
            if !st.isFolder {
                let index = needsIndex ? try ExpiryIndex.load(in: target.folder) : nil
                return try visit(target.folder, target.name, target.name, false, index)
            }
            opened = try FolderWalker.openFolder(target.name, in: target.folder, path: target.path, create: false)
        } else {
            opened = try FolderWalker.openNamespace(try locations.namespace(for: directory), create: false)
        }
        guard let root = opened else { return }
        defer { root.close() }
        try Store.walk(root, prefix: "", recursive: recursive, needsIndex: needsIndex, visit: visit)
    }

    private static func walk(_ folder: FileDescriptor, prefix: String, recursive: Bool, needsIndex: Bool,
                             visit: (FileDescriptor, String, String, Bool, ExpiryIndex?) throws -> Void) throws {
        let entries = try FolderEntries.read(folder)
        let index = needsIndex && entries.contains { $0.name == ExpiryIndex.name } ? try ExpiryIndex.load(in: folder) : nil
        let visible = FolderEntries.sortedByName(entries.filter { !FolderEntries.isInternal($0.name) })
        for entry in visible {
            let isFolder = try Store.isFolder(entry, in: folder)
            let path = prefix + entry.name + (isFolder ? "/" : "")
            try visit(folder, entry.name, path, isFolder, index)
            guard isFolder && recursive else { continue }
            let sub: FileDescriptor?
            do {
                sub = try FolderWalker.openFolder(entry.name, in: folder, path: folder.path + "/" + entry.name, create: false)
            } catch ShelfError.symbolicLink, ShelfError.notAFolder {
                continue  // replaced by a link or a file since readdir: not a folder to descend into
            }
            guard let sub else { continue }
            defer { sub.close() }
            try walk(sub, prefix: path, recursive: recursive, needsIndex: needsIndex, visit: visit)
        }
    }

    /// Whether a folder entry is a folder; `readdir` says so on most file systems, `lstat` elsewhere.
    static func isFolder(_ entry: FolderEntry, in folder: FileDescriptor) throws -> Bool {
        if entry.type != UInt8(DT_UNKNOWN) { return entry.type == UInt8(DT_DIR) }
        var st = stat()
        if fstatat(folder.raw, entry.name, &st, AT_SYMLINK_NOFOLLOW) != 0 { return false }
        return st.isFolder
    }

    /// The metadata of one entry. Links are described by their own `lstat`; files and folders are
    /// opened (never followed) to read their extended attributes.
    private static func describe(_ name: String, in folder: FileDescriptor, as path: String, isFolder: Bool,
                                 index: ExpiryIndex?) throws -> ListEntry {
        let fullPath = folder.path + "/" + name
        var st = stat()
        if fstatat(folder.raw, name, &st, AT_SYMLINK_NOFOLLOW) != 0 {
            throw ShelfError.lastError(path: fullPath, operation: "stat")
        }
        var entry = ListEntry(name: path, isFolder: st.isFolder, size: st.isFolder ? 0 : Int64(st.st_size),
                              modified: Int64(st.st_mtim.tv_sec), modifiedNanoseconds: Int64(st.st_mtim.tv_nsec))
        guard st.isRegularFile || st.isFolder else { return entry }
        let fd = retryingEINTR { openat(folder.raw, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        // A file the user may not read still lists; its attributes are simply unknown.
        guard fd >= 0 else { return entry }
        let file = FileDescriptor(raw: fd, path: fullPath)
        defer { file.close() }
        let names = ExtendedAttributes.names(of: file) ?? []
        if names.contains(ExtendedAttributes.backup) {
            entry.excludedFromBackup = try ExtendedAttributes.value(ExtendedAttributes.backup, of: file).map(meansFalse) ?? false
        }
        if st.isRegularFile {
            if names.contains(ExtendedAttributes.expiry) {
                entry.expires = try Expiry.read(file, st, named: name, in: folder)
            } else {
                entry.expires = index?.expiry(of: name, st)
            }
        }
        return entry
    }
}
