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
    /// Merges the folder `name` of `folder` (at `path`) into the existing folder `target`. Any
    /// depth: the folders still to finish are kept in an array, and the descriptors of both trees
    /// in two `FolderTrail`s, a bounded number whatever the depth (issue 12, item 10).
    /// - Parameter keepTimes: as for `TreeCopier.copy`.
    static func merge(_ name: FileName, in folder: FileDescriptor, path: String, into target: Target, keepTimes: Bool = true) throws {
        try folder.open(name, FolderWalker.folderOptions, path: path).closeAfter { source in
            guard let into = try FolderWalker.openFolder(target.name, in: target.folder, path: target.path, create: false) else {
                throw ShelfError.notFound(path: target.path)
            }
            try into.closeAfter { into in try mergeFolder(source, into: into, keepTimes: keepTimes) }
        }
    }

    /// Any depth (`TreeWalk`): a second `FolderTrail` holds the target's descriptors, following the source's.
    private static func mergeFolder(_ source: FileDescriptor, into: FileDescriptor, keepTimes: Bool) throws {
        let intos = try FolderTrail(top: into)
        var walk = TreeWalk(try FolderTrail(top: source), first: Frame(entries: try TreeCopier.userNames(in: source)))
        try walk.run(visit: { name, from, _ in
            let to = try intos.current()
            // The shared lock every writer holds on the folder it writes into: `clear` removes an
            // emptied folder only under an exclusive lock, so the folder cannot vanish with the
            // files put into it. Taken again before each entry: the trail may have reopened it.
            guard try FolderWalker.lockFolder(to) else { throw ShelfError.notFound(path: to.path) }
            return try mergeEntry(name, from: from, into: to, keepTimes: keepTimes) ? name : nil
        }, enter: { sub, name, parent in
            if try intos.enter(name) != nil { return Frame(entries: try TreeCopier.userNames(in: sub)) }
            // The target's folder went meanwhile: the source's is merged again (copied, or merged
            // into a folder made since).
            parent.entries.insert(name, at: parent.entries.startIndex)
            return nil
        }, leave: { _, parent in
            if parent != nil { try intos.leave() }
            return nil
        })
    }

    /// A source folder being merged: the names left to merge.
    private struct Frame: WalkFrame {
        var entries: ArraySlice<FileName>
    }

    /// Merges one entry of the source into `copy`.
    /// - Returns: true when both trees have a folder of that name: the walk merges it next.
    private static func mergeEntry(_ name: FileName, from source: FileDescriptor, into copy: FileDescriptor,
                                   keepTimes: Bool) throws -> Bool {
        let path = source.path(for: name)
        // Removed from the source since the listing: there is nothing to copy.
        guard let st = try source.status(of: name, path: path) else { return false }
        let target = Target(folder: copy, name: name, path: copy.path(for: name))
        let existing = try target.status()
        if let existing, existing.isFolder {
            guard st.isFolder else { throw Store.fileOverFolder(target.path) }
            return true
        }
        if st.isFolder, existing != nil { throw ShelfError.notAFolder(path: target.path) }
        do {
            // The copy is removed by `TreeCopier` when this fails.
            try TreeCopier.copy(name, in: source, path: path, beside: target, keepTimes: keepTimes) { tempName in
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
            return try mergeEntry(name, from: source, into: copy, keepTimes: keepTimes)
        }
        return false
    }
}
