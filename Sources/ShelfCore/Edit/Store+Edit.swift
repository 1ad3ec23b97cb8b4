/// `edit`: a copy of a stored file in a private folder for an editor, put back only if the
/// stored file has not changed meanwhile. No lock is held while the editor runs (that may take
/// hours, and appends must not wait): the check happens under the lock when the copy is put back.
package struct EditCopy {
    let store: Store
    let safe: SafePath
    let directory: Directory
    let target: Target
    /// The private folder (mode 0700, outside the store: `PrivateFolder`) that holds the copy.
    let folder: FileDescriptor
    /// The identity of the stored file when it was copied; nil when there was none.
    let original: FileIdentity?
    /// The absolute path of the copy the editor changes (the stored file's own name).
    package let editorPath: [UInt8]

    static let originalName = FileName(".shelf-original")

    /// Whether the copy still holds what was stored when it was made.
    package func isUnchanged() throws -> Bool {
        try folder.open(target.name, [.readOnly, .noFollow]).closeAfter { edited in
            try folder.open(EditCopy.originalName, [.readOnly, .noFollow]).closeAfter { try EditCopy.sameContent(edited, $0) }
        }
    }

    /// Puts the copy in place atomically (validated like `save`), under the stored file's lock,
    /// only if the stored file is still the one copied, byte for byte (or still missing).
    /// - Throws: `StoredFileChanged` (also when the file, or its folder, was removed or renamed,
    ///   or something else stands there now), `invalidJSON` (nothing written, the copy kept for
    ///   another try).
    package func install(validateJSON: Bool? = nil) throws -> SavedFile {
        do {
            let options = UpdateOptions(validateJSON: validateJSON, create: original == nil ? [] : nil)
            return try store.update(safe, in: directory, options: options) {
                (current: FileDescriptor, _: FileDescriptor, replaceWith: (inout FileDescriptor) throws -> Void) in
                let st = try current.status()
                if let original {
                    let same = try FileIdentity(st) == original
                        && folder.open(EditCopy.originalName, [.readOnly, .noFollow]).closeAfter { try EditCopy.sameContent(current, $0) }
                    if !same { throw StoredFileChanged(path: target.path) }
                } else if st.linkCount > 0 {
                    throw StoredFileChanged(path: target.path)  // created by someone else meanwhile
                }
                try folder.open(target.name, [.readOnly, .noFollow]).closeAfter { edited in
                    var source = edited
                    try replaceWith(&source)
                }
            }
        } catch let error as ShelfError where original != nil {
            switch error {
            case .notFound, .symbolicLink, .isAFolder, .notAFolder, .notAFile: throw StoredFileChanged(path: target.path)
            default: throw error
            }
        }
    }

    /// Whether two files hold the same bytes (read from their starts, without moving offsets).
    static func sameContent(_ a: FileDescriptor, _ b: FileDescriptor) throws -> Bool {
        guard try a.status().size == b.status().size else { return false }
        let one = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        let two = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { one.deallocate(); two.deallocate() }
        var offset = 0
        while true {
            let n = try a.read(fromAbsoluteOffset: offset, into: one)
            let m = try b.read(fromAbsoluteOffset: offset, into: two)
            if n != m { return false }
            if n == 0 { return true }
            if !one[..<n].elementsEqual(two[..<n]) { return false }
            offset += n
        }
    }
}

/// The stored file changed (or appeared) while it was being edited: the edit was not put back.
package struct StoredFileChanged: Error {
    package let path: String
}

extension Store {
    /// Copies the stored file (or nothing, when it is missing) into a new private folder outside
    /// the store (`PrivateFolder`, under the first of `candidates` no other user can change), runs
    /// `body` with the copy, and removes the folder afterwards, whatever happens, unless `body`
    /// asks to keep it (returning true in `keep`; `KeptEditCopies` removes it a week later). Nothing of the copy is in the store: a user who
    /// can write the store's folder can neither move the editor's file nor remove it.
    package func withEditCopy<R>(_ safe: SafePath, in directory: Directory, privateUnder candidates: [String],
                                 _ body: (EditCopy, _ keep: inout Bool) throws -> R) throws -> R {
        if safe.namesFolder { throw ShelfError.invalidName(safe.description + "/", reason: "a file name cannot end with '/'") }
        return try existingTarget(safe, in: directory, create: true).closeAfter { target in
            try CachingMount.refuseInPlaceChanges(in: target.folder, path: target.path)
            if let st = try target.status(), !st.isRegularFile { throw ShelfError.notRegular(st, path: target.path) }
            // The folder's shared lock (every writer's, so that `clear` does not remove it) is let
            // go while the editor runs, which may take hours: a folder append waits for no one.
            // `install` locks it again.
            try FileLock.unlock(target.folder)
            // A terminating signal is deferred meanwhile, so that the private folder is removed
            // before shelf ends.
            Interruption.enter()
            defer { Interruption.leave() }
            KeptEditCopies.removeStale(under: candidates)
            let scratch = try PrivateFolder.make(under: candidates)
            var keep = false
            defer { if !keep { scratch.remove() } }
            let original = try copyForEditing(safe, in: directory, into: scratch.folder, as: target.name, path: target.path)
            let editorPath = Array(scratch.folder.path.utf8) + [UInt8(ascii: "/")] + target.name.bytes
            let copy = EditCopy(store: self, safe: safe, directory: directory, target: target, folder: scratch.folder,
                                original: original, editorPath: editorPath)
            return try body(copy, &keep)
        }
    }

    /// Writes the stored content (under its shared lock) to `name` and `.shelf-original` in
    /// `folder`; both empty when there is no stored file. Returns the stored file's identity.
    private func copyForEditing(_ safe: SafePath, in directory: Directory, into folder: FileDescriptor, as name: FileName,
                                path: String) throws -> FileIdentity? {
        let create: OpenOptions = [.readWrite, .create, .exclusive, .noFollow]
        return try folder.open(name, create, path: path).closeAfter { edited in
            try folder.open(EditCopy.originalName, create, path: path).closeAfter { original in
                guard let stored = try nilIfNotFound({
                    try openLockedForReading(safe, in: directory, options: RetrieveOptions(allowExpired: true))
                }) else { return nil }
                return try stored.file.closeAfter { file in
                    var source = file
                    try copy(from: &source, to: edited, validatingJSON: false, path: path)
                    try folder.open(name, [.readOnly, .noFollow], path: path).closeAfter { again in
                        var source = again
                        try copy(from: &source, to: original, validatingJSON: false, path: path)
                    }
                    return FileIdentity(try file.status())
                }
            }
        }
    }
}
