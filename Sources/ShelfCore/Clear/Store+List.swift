extension Store {
    /// The files and folders in `folder` (the namespace folder when nil), with size, times,
    /// expiry and backup flag; names in byte order, folders ending with `/`. With `recursive`,
    /// each folder is followed by its contents, named by their path from `folder`. shelf's own
    /// `.shelf-` files and libfuse's `.fuse_hidden` stand-ins never appear; links are listed,
    /// never followed. Naming a file lists just it.
    /// A directory where nothing was ever stored lists as empty (nothing is created).
    /// The `CACHEDIR.TAG` shelf keeps at the top of `caches` is not the user's: it is left out
    /// unless `all` (naming it as `folder` lists it).
    /// - Throws: `notFound`, `symbolicLink`, `permissionDenied`, `invalidName`.
    public func list(_ folder: String? = nil, in directory: Directory, recursive: Bool = false, all: Bool = false) throws -> [ListEntry] {
        try entries(of: folder.map { try SafePath($0) }, in: directory, recursive: recursive, all: all)
    }

    /// `list` of a folder named by its exact bytes.
    package func entries(of folder: SafePath?, in directory: Directory, recursive: Bool = false, all: Bool = false) throws -> [ListEntry] {
        var entries: [ListEntry] = []
        try walkListing(folder, in: directory, recursive: recursive, all: all) { parent, name, path, index in
            // Removed since the folder was read (nil): it is simply no longer there.
            if let entry = try nilIfNotFound({ try Store.describe(name, in: parent, as: path, index: index) }) {
                entries.append(entry)
            }
        }
        return entries
    }

    /// The names `list` would give, without reading any file's metadata: one `readdir` per folder,
    /// which keeps listing a folder of 100,000 files about as fast as `ls -f`.
    public func listNames(_ folder: String? = nil, in directory: Directory, recursive: Bool = false, all: Bool = false) throws -> [String] {
        try listPaths(folder.map { try SafePath($0) }, in: directory, recursive: recursive, all: all).map(EscapedText.text)
    }

    /// `listNames` with each name's exact bytes.
    package func listPaths(_ folder: SafePath?, in directory: Directory, recursive: Bool = false, all: Bool = false) throws -> [[UInt8]] {
        var names: [[UInt8]] = []
        try walkListing(folder, in: directory, recursive: recursive, all: all, needsIndex: false) { _, _, path, _ in
            names.append(path)
        }
        return names
    }

    /// Calls `visit(parent folder, entry name, listed path, expiry index)` for each entry (a folder's path ends in `/`).
    private func walkListing(_ folder: SafePath?, in directory: Directory, recursive: Bool, all: Bool, needsIndex: Bool = true,
                             visit: (FileDescriptor, FileName, [UInt8], ExpiryIndex?) throws -> Void) throws {
        let opened: FileDescriptor?
        var hidden: FileName?
        if let folder {
            // A file standing where the path needs a folder: nothing is there to list (66).
            guard let found = try lookupTarget(folder, in: directory) else {
                throw ShelfError.notFound(path: try absolutePath(of: folder, in: directory))
            }
            opened = try found.closeAfter { target in
                guard let st = try target.status() else { throw ShelfError.notFound(path: target.path) }
                if st.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
                if st.isFolder { return try FolderWalker.openFolder(target.name, in: target.folder, path: target.path, create: false) }
                // Naming a file lists just it.
                let index = needsIndex ? try ExpiryIndex.load(in: target.folder) : nil
                try visit(target.folder, target.name, target.name.bytes, index)
                return nil
            }
        } else {
            let namespace = try locations.namespace(for: directory)
            opened = try FolderWalker.openNamespace(namespace, create: false)
            hidden = namespace.tagAsCache && !all ? CacheTag.name : nil
        }
        try opened?.closeAfter { try Store.walk($0, prefix: [], recursive: recursive, needsIndex: needsIndex, hiding: hidden, visit: visit) }
    }

    /// One folder of the walk: its visible entries not yet listed, its path from the listed folder
    /// and its expiry index.
    private struct Frame: WalkFrame {
        var entries: ArraySlice<FolderEntry>
        let prefix: [UInt8]
        let index: ExpiryIndex?
    }

    /// Lists `folder` and, with `recursive`, every folder below it, each right after its entry.
    /// Any depth (`TreeWalk`).
    /// - Parameter hidden: a name left out of `folder` (not of sub-folders): the cache tag.
    private static func walk(_ folder: FileDescriptor, prefix: [UInt8], recursive: Bool, needsIndex: Bool, hiding hidden: FileName? = nil,
                             visit: (FileDescriptor, FileName, [UInt8], ExpiryIndex?) throws -> Void) throws {
        var tree = TreeWalk(try FolderTrail(top: folder), first: try frame(folder, prefix: prefix, needsIndex: needsIndex, hiding: hidden))
        try tree.run(visit: { entry, folder, frame in
            let isFolder = try Store.isFolder(entry, in: folder)
            var path = frame.prefix.isEmpty ? entry.name.bytes : frame.prefix + entry.name.bytes
            if isFolder { path.append(UInt8(ascii: "/")) }
            try visit(folder, entry.name, path, frame.index)
            return isFolder && recursive ? entry.name : nil
        }, enter: { sub, name, parent in
            try frame(sub, prefix: parent.prefix + name.bytes + [UInt8(ascii: "/")], needsIndex: needsIndex)
        }, cannotEnter: { _, error, _, _ in
            switch error {
            case ShelfError.symbolicLink, ShelfError.notAFolder: return  // replaced by a link or a file since readdir
            default: throw error
            }
        })
    }

    private static func frame(_ folder: FileDescriptor, prefix: [UInt8], needsIndex: Bool, hiding hidden: FileName? = nil) throws -> Frame {
        let entries = try FolderEntries.read(folder)
        let index = needsIndex && entries.contains { $0.name == ExpiryIndex.name } ? try ExpiryIndex.load(in: folder) : nil
        let visible = FolderEntries.sortedByName(entries.filter { FolderEntries.isUsers($0.name) && $0.name != hidden })
        return Frame(entries: visible[...], prefix: prefix, index: index)
    }

    /// Whether a folder entry is a folder; `readdir` says so on most file systems, `lstat` elsewhere.
    static func isFolder(_ entry: FolderEntry, in folder: FileDescriptor) throws -> Bool {
        if entry.kind != .unknown { return entry.kind == .folder }
        return (try? folder.status(of: entry.name))?.isFolder ?? false
    }

    /// The metadata of one entry. Links are described by their own `lstat`; files and folders are
    /// opened (never followed) to read their extended attributes: the backup flag, and a file's expiry.
    private static func describe(_ name: FileName, in folder: FileDescriptor, as path: [UInt8], index: ExpiryIndex?) throws -> ListEntry {
        guard let st = try folder.status(of: name) else { throw ShelfError.notFound(path: folder.path(for: name)) }
        var entry = ListEntry(nameBytes: path, isFolder: st.isFolder, size: st.isFolder ? 0 : st.size, modified: st.modified.seconds,
                              modifiedNanoseconds: st.modified.nanoseconds)
        // A file the user may not read still lists; its attributes are simply unknown.
        guard st.isRegularFile || st.isFolder, let file = try? folder.open(name, [.readOnly, .noFollow, .nonBlocking]) else { return entry }
        try file.closeAfter { file in
            let names = ExtendedAttributes.names(of: file) ?? []
            if names.contains(ExtendedAttributes.backup) {
                entry.excludedFromBackup = try ExtendedAttributes.value(ExtendedAttributes.backup, of: file).map(meansFalse) ?? false
            }
            guard st.isRegularFile else { return }
            if names.contains(ExtendedAttributes.expiry) {
                entry.expires = try Expiry.read(file, st, named: name, in: folder)
            } else {
                entry.expires = index?.expiry(of: name, st)
            }
        }
        return entry
    }
}
