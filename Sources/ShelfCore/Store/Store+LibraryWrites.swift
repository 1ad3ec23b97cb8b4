/// The writes the Swift library needs beyond `save`: a folder of numbered files (Disk's
/// `[Data]`), and a removal that happens only if the file still holds what the caller saw.
extension Store {
    /// Stores each source as one numbered file (`0`, `1`, …) in the folder `path`. The folder is
    /// built under a hidden temporary name beside the target and then renamed into place, so
    /// readers see the old folder or the complete new one; an existing folder is replaced.
    /// - Returns: the folder's absolute path.
    /// - Throws: `notAFolder` when a file stands at `path`, `symbolicLink`, `invalidName`, `noSpace`, …
    @discardableResult
    public func saveNumberedFiles<Source: ByteSource>(_ sources: [Source], inFolder path: String,
                                                      in directory: Directory) throws -> String {
        try existingTarget(SafePath(path), in: directory, create: true).closeAfter { target in
            if let st = try target.status() {
                if st.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
                if !st.isFolder { throw ShelfError.notAFolder(path: target.path) }
            }
            // The copies killed saves left beside the target go first, rather than at a `clear`.
            TempLeftovers.sweepAbandoned(in: target.folder)
            // An existing folder is swapped out atomically where the kernel can, then removed.
            try TempName.withFolder(in: target.folder, path: target.path, fill: { temp in
                for (index, source) in sources.enumerated() {
                    let name = FileName(String(index))
                    let file = Target(folder: temp, name: name, path: target.path + "/" + name.description)
                    try AtomicReplace.write(file) { fd in
                        var source = source
                        try copy(from: &source, to: fd, validatingJSON: false, path: file.path)
                    }
                }
            }, install: { tempName in
                try AtomicReplace.install(tempName, in: target.folder, path: target.folder.path(for: tempName), as: target, replace: true)
            })
        }
        return try self.path(for: path, in: directory)
    }

    /// Removes the file at `path` only if `unchanged` says it still holds what the caller saw:
    /// "delete what I saw", so that a value rewritten meanwhile (by this process or another)
    /// survives. The file's exclusive lock, the one every replace takes, is held while `unchanged`
    /// reads it, a crashed append is rolled back before, and the name must still lead to the
    /// read file when it is unlinked.
    /// - Returns: whether the file was removed (false when it is gone or has changed).
    /// - Throws: `isAFolder`, `invalidName`, `permissionDenied`, `io`.
    @discardableResult
    public func removeIfUnchanged(_ path: String, in directory: Directory,
                                  unchanged: (StoredFileReader) throws -> Bool) throws -> Bool {
        guard let target = try target(SafePath(path), in: directory, create: false) else { return false }
        return try target.closeAfter { target in
            guard let file = try nilIfNotFound({
                try target.folder.openForExclusiveLock(target.name, [.readOnly, .noFollow, .nonBlocking], path: target.path)
            }) else { return false }
            return try file.closeAfter { file in try removeIfUnchanged(file, target, unchanged: unchanged) }
        }
    }

    private func removeIfUnchanged(_ file: FileDescriptor, _ target: Target, unchanged: (StoredFileReader) throws -> Bool) throws -> Bool {
        let opened = try file.status()
        guard opened.isRegularFile else { throw ShelfError.isAFolder(path: target.path) }
        try FileLock.lock(file, .exclusive)
        guard let current = try target.status(), current.device == opened.device, current.inode == opened.inode else { return false }
        // What was seen is the file without a crashed append's torn bytes: repair before comparing.
        try FileLocks.settle(file, name: target.name, in: target.folder)
        guard try unchanged(StoredFileReader(file: file)) else { return false }
        try FileLocks.remove(file, name: target.name, in: target.folder, path: target.path)
        try AtomicReplace.syncFolder(target.folder)
        return true
    }

    /// `synchronize(folder:in:from:key:inputName:options:)` for a folder path given as text (the
    /// Swift library's `JSONFolder`): the path is checked like every other name first.
    /// - Throws: `invalidName` for an unsafe `path`, then what the sync throws.
    public func synchronize<Source: ByteSource>(folder path: String, in directory: Directory, from source: inout Source,
                                                key: String, inputName: String) throws -> SyncReport {
        try synchronize(folder: SafePath(path), in: directory, from: &source, key: key, inputName: inputName)
    }
}
