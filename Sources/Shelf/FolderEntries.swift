import Glibc

/// One entry of a folder as `readdir` reports it.
struct FolderEntry {
    let name: String
    /// `DT_DIR`, `DT_REG`, `DT_LNK`, … or `DT_UNKNOWN` on file systems that do not say.
    let type: UInt8
}

/// Reads the names in an opened folder without following anything.
enum FolderEntries {
    /// All entries but `.` and `..`, in directory order.
    static func read(_ folder: FileDescriptor) throws -> [FolderEntry] {
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
            entries.append(FolderEntry(name: name, type: entry.pointee.d_type))
        }
    }

    /// Whether a name is one of shelf's own temp, lock or journal files.
    static func isInternal(_ name: String) -> Bool {
        name.hasPrefix(SafePath.reservedPrefix)
    }
}
