import FoundationEssentials
import Glibc

extension Store {
    /// Stores each element of `value` as one numbered file (`0`, `1`, …) in the folder `path`
    /// (Disk's `save(_:to:as:)` for `[Data]`). The folder is built under a hidden temporary name
    /// beside the target and then renamed into place, so readers see the old folder or the
    /// complete new one; an existing folder at `path` is replaced.
    /// - Returns: the URL of the folder.
    /// - Throws: `notAFolder` when a file stands at `path`, `invalidName`, `noSpace`, …
    @discardableResult
    public func save(_ value: [Data], to directory: Directory, as path: String) throws -> URL {
        guard let target = try target(path, in: directory, create: true) else {
            throw ShelfError.notFound(path: try self.path(for: path, in: directory))
        }
        defer { target.close() }
        if let st = try target.status() {
            if st.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
            if !st.isFolder { throw ShelfError.notAFolder(path: target.path) }
        }
        let tempName = AtomicFile.tempPrefix + AtomicFile.randomSuffix()
        let tempPath = String(target.path.dropLast(target.name.count)) + tempName
        if mkdirat(target.folder.raw, tempName, 0o700) != 0 {
            throw ShelfError.lastError(path: target.path, operation: "create folder")
        }
        var installed = false
        defer {
            if !installed { try? TreeRemover.remove(tempName, in: target.folder, path: tempPath) }
        }
        guard let temp = try FolderWalker.openFolder(tempName, in: target.folder, path: tempPath, create: false) else {
            throw ShelfError.notFound(path: tempPath)
        }
        defer { temp.close() }
        for (index, data) in value.enumerated() {
            let name = String(index)
            let file = Target(folder: temp, name: name, path: target.path + "/" + name)
            try AtomicFile.write(file) { fd in
                var source = DataSource(data)
                try copy(from: &source, to: fd, validatingJSON: false, path: file.path)
            }
        }
        try Store.installFolder(tempName, as: target)
        installed = true
        return URL(filePath: target.path, directoryHint: .isDirectory)
    }

    /// Every file in the folder `path`, in numeric order of their names (`2` before `10`), then
    /// any other names in byte order (Disk's `retrieve(_:from:as:)` for `[Data]`). Hidden files
    /// (including shelf's own `.shelf-` files) and sub-folders are skipped; each file is read
    /// under a shared lock.
    /// - Throws: `notFound`, `notAFolder` when `path` is a file, `symbolicLink` for a link inside.
    public func retrieve(_ path: String, from directory: Directory, as type: [Data].Type) throws -> [Data] {
        let folder = try openExistingFolder(path, in: directory)
        defer { folder.close() }
        var names: [String] = []
        for entry in try FolderEntries.read(folder) where !entry.name.hasPrefix(".") {
            var st = stat()
            if fstatat(folder.raw, entry.name, &st, AT_SYMLINK_NOFOLLOW) != 0 {
                if errno == ENOENT { continue }
                throw ShelfError.lastError(path: folder.path + "/" + entry.name, operation: "stat")
            }
            if st.isSymbolicLink { throw ShelfError.symbolicLink(path: folder.path + "/" + entry.name) }
            if st.isRegularFile { names.append(entry.name) }
        }
        return try names.sorted(by: Store.numberedOrder).compactMap { name in
            let file: FileDescriptor
            do {
                file = try folder.openAt(name, O_RDONLY | O_NOFOLLOW, path: folder.path + "/" + name)
            } catch ShelfError.notFound {
                return nil  // removed since the listing: it is simply no longer part of the folder
            }
            defer { file.close() }
            try AppendJournal.lockShared(file, name: name, in: folder)
            return try Store.readData(file)
        }
    }

    /// Puts the finished folder `tempName` (beside `target`) under the target's name. When a
    /// folder is already there it is first renamed aside to a hidden name and removed after.
    static func installFolder(_ tempName: String, as target: Target) throws {
        let folder = target.folder
        if renameat(folder.raw, tempName, folder.raw, target.name) == 0 {
            try AtomicFile.syncFolder(folder)
            return
        }
        guard errno == ENOTEMPTY || errno == EEXIST else {
            throw ShelfError.lastError(path: target.path, operation: "rename")
        }
        let aside = AtomicFile.tempPrefix + AtomicFile.randomSuffix()
        if renameat(folder.raw, target.name, folder.raw, aside) != 0 {
            throw ShelfError.lastError(path: target.path, operation: "rename")
        }
        if renameat(folder.raw, tempName, folder.raw, target.name) != 0 {
            let failure = ShelfError.lastError(path: target.path, operation: "rename")
            renameat(folder.raw, aside, folder.raw, target.name)
            throw failure
        }
        try AtomicFile.syncFolder(folder)
        try TreeRemover.remove(aside, in: folder, path: target.path)
    }

    /// Numbered names by value, before every other name; others in byte order.
    static func numberedOrder(_ a: String, _ b: String) -> Bool {
        switch (numberKey(a), numberKey(b)) {
        case let (x?, y?): return x != y ? (x.count, x) < (y.count, y) : a < b
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return Array(a.utf8).lexicographicallyPrecedes(b.utf8)
        }
    }

    /// The digits of a purely numeric name without leading zeros ("007" → "7"); nil otherwise.
    private static func numberKey(_ name: String) -> String? {
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let trimmed = name.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }
}
