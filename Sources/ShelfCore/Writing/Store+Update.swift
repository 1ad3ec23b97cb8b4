/// How `update` treats a file.
package struct UpdateOptions: Sendable {
    /// Check that the new content is one JSON text; nil decides by the name (`.json`).
    package var validateJSON: Bool?
    /// The content to start from when the file is missing; nil makes a missing file `notFound`.
    package var create: [UInt8]?

    package init(validateJSON: Bool? = nil, create: [UInt8]? = nil) {
        self.validateJSON = validateJSON
        self.create = create
    }
}

extension Store {
    /// Read-modify-write: holding the file's exclusive lock (so concurrent updates, appends and
    /// replacing writers wait, and none is lost), `transform` gets the current content as a
    /// read-only descriptor of its own at offset 0 (a snapshot: nobody else changes the file while
    /// the lock is held) and the folder it is in (under a shared lock when `create` is given, as
    /// for every writer that may make folders), and must call `replaceWith` once with the new content, which is validated as
    /// `save` validates and installed atomically only if `replaceWith` and `transform` return.
    ///
    /// A missing file starts from `options.create` (a private unnamed file holds it) and is put in
    /// place only if the name is still free; if another process created it meanwhile, the update
    /// starts again on that file, so `transform` may run more than once.
    /// - Throws: `notFound` (missing, no `create`), `invalidJSON`, `permissionDenied`, whatever
    ///   `transform` or the source throw; in every case the stored file is unchanged.
    package func update<Source: ByteSource>(
        _ safe: SafePath, in directory: Directory, options: UpdateOptions,
        transform: (_ current: FileDescriptor, _ folder: FileDescriptor, _ replaceWith: (inout Source) throws -> Void) throws -> Void
    ) throws -> SavedFile {
        if safe.namesFolder { throw ShelfError.invalidName(safe.description + "/", reason: "a file name cannot end with '/'") }
        let validate = options.validateJSON ?? Store.isJSONName(safe.name)
        return try existingTarget(safe, in: directory, create: options.create != nil).closeAfter { target in
            try CachingMount.refuseInPlaceChanges(in: target.folder, path: target.path)
            while true {
                try Store.checkReplaceable(target, replace: true)
                if let locked = try FileLocks.lockForChange(target.name, in: target.folder, path: target.path) {
                    return try locked.closeAfter { locked in
                        // The lock belongs to this descriptor: the program gets a description of
                        // its own, so it neither shares an offset with shelf nor holds the lock.
                        // Both are closed just before the rename on FUSE (`AtomicReplace.install`).
                        let snapshot = try target.folder.open(target.name, [.readOnly, .noFollow], path: target.path)
                        locked.held.hold(snapshot)
                        return try rewrite(target, from: snapshot, replace: true, oldFile: .heldByCaller, letGo: locked.held.letGo,
                                           validate: validate, transform)
                    }
                }
                guard let create = options.create else { throw ShelfError.notFound(path: target.path) }
                do {
                    return try TempFile.anonymous(in: target.folder, path: target.path).closeAfter { seed in
                        try seed.writeAll(toAbsoluteOffset: 0, create)
                        return try rewrite(target, from: seed, replace: false, oldFile: .wait, letGo: {}, validate: validate, transform)
                    }
                } catch ShelfError.alreadyExists {
                    continue  // created meanwhile: update that file under its lock
                }
            }
        }
    }

    private func rewrite<Source: ByteSource>(
        _ target: Target, from current: FileDescriptor, replace: Bool, oldFile: AtomicReplace.OldFileLock, letGo: () -> Void,
        validate: Bool, _ transform: (_ current: FileDescriptor, _ folder: FileDescriptor, _ replaceWith: (inout Source) throws -> Void) throws -> Void
    ) throws -> SavedFile {
        var size: Int64?
        try AtomicReplace.write(target, replace: replace, oldFile: oldFile, letGo: letGo) { file in
            try transform(current, target.folder) { source in
                precondition(size == nil, "update's transform wrote twice")
                size = try copy(from: &source, to: file, validatingJSON: validate, path: target.path)
            }
            guard size != nil else { throw ShelfError.invalidInput(path: target.path, reason: "no new content was given") }
        }
        return SavedFile(path: target.path, bytes: size ?? 0)
    }
}
