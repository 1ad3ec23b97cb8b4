/// The two ends of a move, copy or rename, opened and checked before anything changes.
struct Transfer {
    let source: Target
    let sourceStatus: FileStatus
    let destination: Target
    /// What stands at the destination now (nil: nothing).
    let existing: FileStatus?
    /// The destination is another link of the source file: a move or rename whose fallback
    /// (`link`, then `unlink`) was cut between its steps, or links the user made. Only taking the
    /// source name away is left to do (as `mv` does with two links of one file).
    var isSourceLink = false
}

extension Store {
    /// Opens `from` in `directory` (which must exist) and `to` in `destination` (creating missing
    /// folders on the way), refuses what cannot be done, runs `body`, and closes both. Refused:
    /// - a source that is a symbolic link (`symbolicLink`), a FIFO, socket or device (`notAFile`);
    /// - a target that is the source itself, or lies inside the source folder (`invalidTarget`);
    /// - an existing target without `replace` (`alreadyExists`), a target that is a link (`symbolicLink`).
    /// Text checks come first, so that an impossible request creates no folder at all.
    /// - Parameter takingSource: the source leaves its folder (a move or rename): that folder is
    ///   held under the writers' shared lock too, so the entry cannot leave a tree that a move
    ///   across file systems is copying (and so be both there and here). The lock is only tried,
    ///   since the destination's is held already: `TreeLocks.Busy` when it is taken.
    func withTransfer<R>(_ from: SafePath, in directory: Directory, to: SafePath, in destination: Directory,
                         replace: Bool, folders: FolderReplacement = .keepContents, merging: Bool = false,
                         takingSource: Bool = false, _ body: (Transfer) throws -> R) throws -> R {
        try existingTarget(from, in: directory).closeAfter { source in
            guard let st = try source.status() else { throw ShelfError.notFound(path: source.path) }
            guard st.isRegularFile || st.isFolder else { throw ShelfError.notRegular(st, path: source.path) }
            if to.namesFolder && !st.isFolder {
                throw ShelfError.invalidName(to.description + "/", reason: "a file name cannot end with '/'")
            }
            if try locations.path(for: directory) == locations.path(for: destination) {
                let targetPath = try absolutePath(of: to, in: destination)
                if from.components == to.components { throw Store.sameEntry(targetPath) }
                if st.isFolder && to.components.starts(with: from.components) { throw Store.insideItself(targetPath) }
            }
            return try existingTarget(to, in: destination, create: true).closeAfter { target in
                if takingSource { try TreeLocks.Busy.tryLock(source.folder, .shared) }
                if takingSource, try isOtherLink(target, of: source, st) {
                    return try body(Transfer(source: source, sourceStatus: st, destination: target, existing: st, isSourceLink: true))
                }
                let existing = try check(target, against: st, replace: replace, folders: folders, merging: merging)
                return try body(Transfer(source: source, sourceStatus: st, destination: target, existing: existing))
            }
        }
    }

    /// Whether `target` is another name of the regular file `source` (whose status is `st`): a
    /// link in another folder, or under another name in the same one (issue 21, item 3).
    private func isOtherLink(_ target: Target, of source: Target, _ st: FileStatus) throws -> Bool {
        guard st.isRegularFile, st.linkCount > 1, let existing = try target.status(), FileIdentity(existing) == FileIdentity(st) else {
            return false
        }
        return try target.name != source.name || FileIdentity(target.folder.status()) != FileIdentity(source.folder.status())
    }

    /// The checks that need the opened target: identity (two directories may resolve into each
    /// other, two names may be hard links of one file) and what already stands there. A folder
    /// that `replace` would empty is refused here, before anything is copied; the rename that
    /// puts a folder over an empty one checks again, atomically (`AtomicReplace.install`).
    /// - Parameter merging: the caller merges a source folder into a target folder (copy).
    /// - Returns: what stands at the target.
    private func check(_ target: Target, against source: FileStatus, replace: Bool, folders: FolderReplacement,
                       merging: Bool) throws -> FileStatus? {
        let identity = FileIdentity(source)
        let existing = try target.status()
        if let existing, FileIdentity(existing) == identity { throw Store.sameEntry(target.path) }
        if source.isFolder, try identity.contains(target.folder) { throw Store.insideItself(target.path) }
        guard let existing else { return nil }
        if existing.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
        if !replace { throw ShelfError.alreadyExists(path: target.path) }
        guard existing.isFolder, folders == .keepContents else { return existing }
        if !source.isFolder { throw Store.fileOverFolder(target.path) }
        if !merging, try !FolderEntries.isEmpty(target.name, in: target.folder, path: target.path) {
            throw Store.folderNotEmpty(target.path)
        }
        return existing
    }

    static func sameEntry(_ path: String) -> ShelfError {
        .invalidTarget(path: path, reason: "it is the source itself")
    }

    static func insideItself(_ path: String) -> ShelfError {
        .invalidTarget(path: path, reason: "a folder cannot be put inside itself")
    }
}
