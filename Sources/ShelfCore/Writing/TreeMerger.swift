/// `copy --force` of a folder onto a folder, as `cp -rf` does it: the source tree is merged into
/// the target. Each file of the source replaces the same-named file of the target atomically
/// (copied beside it, fsynced, renamed over it holding the old file's exclusive lock, the folder
/// fsynced: `AtomicReplace`), a subfolder the target lacks is copied whole and renamed into place
/// in one step, and a subfolder both have is merged in turn. What only the target holds is kept,
/// including files other processes write into it meanwhile: nothing in the target is ever removed.
///
/// A crash leaves every file old or new, never a mix; the merge as a whole is not atomic (some
/// files may be new and others still old), as with `cp -rf`: running it again completes it.
/// Refused, as `cp -r` refuses them: a file (or link) where the target has a folder, a folder where
/// it has a file (`folderInTheWay`, `notAFolder`); merging stops there, what was merged stays.
enum TreeMerger {
    /// Merges the folder `name` of `folder` (at `path`) into the existing folder `target`.
    /// Folders both trees have are merged depth first, two descriptors (and one shared lock) held
    /// per level, as `TreeLocks` holds its tree: the open-file limit is raised first. A level the
    /// target lacks is copied by `TreeCopier`, whose descriptors are bounded at any depth.
    static func merge(_ name: FileName, in folder: FileDescriptor, path: String, into target: Target) throws {
        ProcessState.raiseOpenFileLimit()
        try folder.open(name, FolderWalker.folderOptions, path: path).closeAfter { source in
            try mergeInto(target.name, in: target.folder, path: target.path) { into in try mergeFolder(source, into: into) }
        }
    }

    /// Opens the target folder `name` under a shared lock, as every writer holds the folder it
    /// writes into: `clear` removes an emptied folder only under an exclusive lock, so the folder
    /// cannot vanish with the files put into it.
    private static func mergeInto(_ name: FileName, in parent: FileDescriptor, path: String,
                                  _ body: (FileDescriptor) throws -> Void) throws {
        guard let into = try FolderWalker.openFolder(name, in: parent, path: path, create: false) else {
            throw ShelfError.notFound(path: path)
        }
        try into.closeAfter { into in
            try FileLock.lock(into, .shared)
            guard try into.status().linkCount > 0 else { throw ShelfError.notFound(path: path) }
            try body(into)
        }
    }

    private static func mergeFolder(_ source: FileDescriptor, into copy: FileDescriptor) throws {
        // shelf's own files (temporary files, journals) are never copied, as in `TreeCopier`.
        for entry in try FolderEntries.read(source) where !FolderEntries.isInternal(entry.name) {
            try mergeEntry(entry.name, from: source, into: copy)
        }
    }

    private static func mergeEntry(_ name: FileName, from source: FileDescriptor, into copy: FileDescriptor) throws {
        let path = source.path(for: name)
        // Removed from the source since the listing: there is nothing to copy.
        guard let st = try source.status(of: name, path: path) else { return }
        let target = Target(folder: copy, name: name, path: copy.path(for: name))
        let existing = try target.status()
        if let existing, existing.isFolder {
            guard st.isFolder else { throw Store.fileOverFolder(target.path) }
            return try source.open(name, FolderWalker.folderOptions, path: path).closeAfter { sub in
                try mergeInto(name, in: copy, path: target.path) { into in try mergeFolder(sub, into: into) }
            }
        }
        if st.isFolder, existing != nil { throw ShelfError.notAFolder(path: target.path) }
        do {
            // The copy is removed by `TreeCopier` when this fails.
            try TreeCopier.copy(name, in: source, path: path, beside: target) { tempName in
                if existing?.isSymbolicLink == true {
                    // A link inside the target is replaced, never followed: rename acts on the entry.
                    try copy.rename(tempName, to: name, in: copy, path: target.path)
                    try AtomicReplace.syncFolder(copy)
                } else {
                    try AtomicReplace.install(tempName, in: copy, path: target.path, as: target, replace: !st.isFolder,
                                              folders: .keepContents)
                }
            }
        } catch ShelfError.alreadyExists where st.isFolder {
            // A folder of that name appeared meanwhile: merge into it instead.
            return try mergeEntry(name, from: source, into: copy)
        }
    }
}
