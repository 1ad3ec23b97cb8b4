import Glibc

/// One entry of a folder as `readdir` reports it.
package struct FolderEntry {
    package let name: String
    /// `DT_DIR`, `DT_REG`, `DT_LNK`, … or `DT_UNKNOWN` on file systems that do not say.
    let type: UInt8
    /// The inode number: visiting entries in this order touches the inode table in sequence.
    var inode: UInt64 = 0
}

/// Reads the names in an opened folder without following anything.
package enum FolderEntries {
    /// All entries but `.` and `..`, in directory order.
    package static func read(_ folder: FileDescriptor) throws -> [FolderEntry] {
        // fdopendir takes ownership of its descriptor: give it a duplicate.
        let dupFD = dup(folder.raw)
        guard dupFD >= 0, let dir = fdopendir(dupFD) else {
            if dupFD >= 0 { close(dupFD) }
            throw ShelfError.lastError(path: folder.path, operation: "read folder")
        }
        defer { closedir(dir) }
        rewinddir(dir)
        var entries: [FolderEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw ShelfError.lastError(path: folder.path, operation: "read folder") }
                return entries
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            entries.append(FolderEntry(name: name, type: entry.pointee.d_type, inode: UInt64(entry.pointee.d_ino)))
        }
    }

    /// `entries` in byte order of their names. Each name's first 8 bytes, read as one big-endian
    /// integer, decide most comparisons with a single instruction; only names sharing those
    /// bytes are compared in full. (Names never contain NUL, so zero padding sorts a prefix first.)
    static func sortedByName(_ entries: [FolderEntry]) -> [FolderEntry] {
        let keyed = entries.map { entry -> (UInt64, FolderEntry) in
            var key: UInt64 = 0
            var count = 0
            for byte in entry.name.utf8.prefix(8) {
                key = key << 8 | UInt64(byte)
                count += 1
            }
            return (key << (8 * UInt64(8 - count)), entry)
        }
        return keyed.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.name.utf8Precedes($1.1.name) }.map(\.1)
    }

    /// Whether a name is one of shelf's own temp, lock or journal files.
    static func isInternal(_ name: String) -> Bool {
        name.hasPrefix(SafePath.reservedPrefix)
    }
}

extension String {
    /// Byte order of the UTF-8 text (what `LC_ALL=C ls` sorts by): stable whatever the locale, and
    /// a `memcmp` instead of Unicode-aware comparison, which matters for folders of 100,000 names.
    func utf8Precedes(_ other: String) -> Bool {
        let fast = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b -> Bool in
                let common = Swift.min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order < 0 || (order == 0 && a.count < b.count)
            }
        }
        if let result = fast ?? nil { return result }
        return utf8.lexicographicallyPrecedes(other.utf8)
    }
}
