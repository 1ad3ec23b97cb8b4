/// One entry of a folder as the kernel lists it.
package struct FolderEntry: Sendable {
    /// What the listing says the entry is, without a `stat`.
    package enum Kind: Sendable {
        case folder, regularFile, symbolicLink, other
        /// The file system does not say (some do not): `stat` it.
        case unknown
    }

    package let name: FileName
    let kind: Kind
    /// The inode number: visiting entries in this order touches the inode table in sequence.
    var inode: UInt64 = 0

    package init(name: FileName, kind: Kind, inode: UInt64 = 0) {
        self.name = name
        self.kind = kind
        self.inode = inode
    }
}

/// Reads the names in an opened folder without following anything.
package enum FolderEntries {
    /// All entries but `.` and `..`, in directory order.
    package static func read(_ folder: FileDescriptor) throws -> [FolderEntry] {
        try systemCall(.readFolder, path: folder.path) { () throws(Errno) in try kernel.entries(ofFolder: folder.raw) }
    }

    /// `entries` in byte order of their names. Each name's first 8 bytes, read as one big-endian
    /// integer, decide most comparisons with a single instruction; only names sharing those
    /// bytes are compared in full. (Names never contain NUL, so zero padding sorts a prefix first.)
    static func sortedByName(_ entries: [FolderEntry]) -> [FolderEntry] {
        // Keys and positions are plain integers: sorting them moves no reference-counted name.
        let keys = entries.map { entry -> UInt64 in
            var key: UInt64 = 0
            var count = 0
            for byte in entry.name.bytes.prefix(8) {
                key = key << 8 | UInt64(byte)
                count += 1
            }
            return key << (8 * UInt64(8 - count))
        }
        let order = entries.indices.sorted { a, b in
            keys[a] != keys[b] ? keys[a] < keys[b] : entries[a].name.bytes.lexicographicallyPrecedes(entries[b].name.bytes)
        }
        return order.map { entries[$0] }
    }

    /// What the names of shelf's own files start with (no user path may).
    static let reservedPrefix = ".shelf-"

    /// Whether a name is one of shelf's own temp, lock or journal files.
    static func isInternal(_ name: FileName) -> Bool {
        name.hasPrefix(reservedPrefix)
    }

    /// libfuse's high-level API (mounted without `hard_remove`) renames a file removed or replaced
    /// while open to `.fuse_hidden` and 16 hex digits, and removes it when the last holder closes
    /// it; a power cut or a killed file-system process leaves it behind. It is the file system's
    /// stand-in, never the user's file: not listed, not copied, not numbered, removed by `clear`.
    static let standInPrefix = Array(".fuse_hidden".utf8)

    /// Whether a name is a libfuse stand-in for a file removed while open (`standInPrefix`).
    static func isStandIn(_ name: FileName) -> Bool {
        let bytes = name.bytes, digits = Array("0123456789abcdef".utf8)
        return bytes.count == standInPrefix.count + 16 && bytes.starts(with: standInPrefix)
            && bytes.dropFirst(standInPrefix.count).allSatisfy(digits.contains)
    }

    /// Whether a name is the user's: neither shelf's own file nor a file system's stand-in.
    static func isUsers(_ name: FileName) -> Bool {
        !isInternal(name) && !isStandIn(name)
    }
}
