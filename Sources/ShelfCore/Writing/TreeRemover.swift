/// Removes files and folder trees through descriptors: a symbolic link inside is unlinked,
/// never followed, so removing a folder can never reach outside it. Any depth: the walk keeps its
/// place in an array and holds a bounded number of descriptors (`FolderTrail`). An entry that is
/// already gone when its turn comes (another process removed or renamed it after the folder was
/// listed) is simply not there to remove: never an error.
enum TreeRemover {
    /// How often a folder is listed and emptied again when something keeps appearing in it.
    static let emptyingRounds = 8

    /// Removes the entry `name` in `folder`, recursively when it is a folder. Without `locking`
    /// it takes no locks: for shelf's own temporary trees, which no other shelf process writes into.
    ///
    /// With `locking`, as `shelf remove` does: each folder of the tree is
    /// emptied and removed under its exclusive lock, the lock writers take in shared mode on the
    /// folder they write into (`FolderWalker.openTarget`) and when they make a sub-folder. So no
    /// writer is half-way through a folder while it is emptied, and one that waited for the lock
    /// finds the folder removed and makes its path anew. A lock lasts while the trail keeps its
    /// folder open (the deepest levels); whatever arrives in a folder meanwhile is emptied again
    /// (`emptyingRounds`): the remove never fails because a writer added something (ENOTEMPTY).
    static func remove(_ name: FileName, in folder: FileDescriptor, path: String, locking: Bool = false) throws {
        guard try !unlink(name, in: folder, path: path) else { return }
        let trail = try FolderTrail(top: folder)
        let sub: FileDescriptor?
        do {
            sub = try trail.enter(name)
        } catch ShelfError.notAFolder {
            // Not a folder after all (EPERM above was about the file): unlink it to say why.
            return try folder.remove(name, path: path)
        }
        guard let sub, try lockIfAsked(sub, locking) else { return }
        try emptyAndRemove(trail, entries: try FolderEntries.read(sub), locking: locking)
    }

    /// Removes the folder `name` of `folder` only if it holds nothing but shelf's own files (temporary
    /// files, journals, the expiry index), which go with it, as `rm -d` removes an empty folder.
    /// It is checked and removed under its exclusive lock, so no shelf writer adds a file meanwhile;
    /// a program that takes no lock and adds one makes the removal fail (ENOTEMPTY): refused too.
    /// - Throws: `FolderNotEmpty`, nothing removed.
    static func removeEmptyFolder(_ name: FileName, in folder: FileDescriptor, path: String) throws {
        guard let sub = try FolderWalker.openFolder(name, in: folder, path: path, create: false) else {
            throw ShelfError.notFound(path: path)
        }
        try sub.closeAfter { sub in
            guard try lockIfAsked(sub, true) else { return }
            let entries = try FolderEntries.read(sub)
            guard entries.allSatisfy({ FolderEntries.isInternal($0.name) }) else { throw FolderNotEmpty(path: path) }
            for entry in entries { _ = try unlink(entry.name, in: sub, path: sub.path(for: entry.name)) }
            if try removeFolder(name, in: folder, path: path) != nil { throw FolderNotEmpty(path: path) }
        }
    }

    /// Removes the emptied folder `name` from `parent`; one removed meanwhile is gone all the same.
    /// - Returns: the refusal (ENOTEMPTY, or EEXIST on some file systems) when something arrived
    ///   in it meanwhile; nil once it is gone.
    private static func removeFolder(_ name: FileName, in parent: FileDescriptor, path: String) throws -> Errno? {
        do throws(Errno) {
            try kernel.remove(SystemString(name), in: parent.raw, isFolder: true)
        } catch .noSuchFile {
            // gone already
        } catch where error == .folderNotEmpty || error == .fileExists {
            return error
        } catch {
            throw ShelfError.system(error, path: path, operation: .removeFolder)
        }
        return nil
    }

    /// Takes the folder's exclusive lock when asked; false when it was removed while this waited
    /// (by another remove, a clear, a move): nothing left to do there.
    private static func lockIfAsked(_ folder: FileDescriptor, _ locking: Bool) throws -> Bool {
        guard locking else { return true }
        try FileLock.lock(folder, .exclusive)
        return try folder.status().linkCount > 0
    }

    /// What is left to do in a folder: its entries not yet removed, and how many times it has been listed.
    private struct Pending: WalkFrame {
        var entries: ArraySlice<FolderEntry>
        let rounds: Int
    }

    /// Empties the trail's current folder, whose entries are `entries`, and every folder below;
    /// removes each emptied folder on the way back up, down to (not including) the trail's top.
    private static func emptyAndRemove(_ trail: FolderTrail, entries: [FolderEntry], locking: Bool) throws {
        var walk = TreeWalk(trail, first: Pending(entries: entries[...], rounds: 1))
        try walk.run(visit: { entry, folder, _ in
            try unlink(entry.name, in: folder, path: folder.path(for: entry.name)) ? nil : entry.name
        }, enter: { sub, _, _ in
            try lockIfAsked(sub, locking) ? Pending(entries: try FolderEntries.read(sub)[...], rounds: 1) : nil
        }, leave: { done, _ in
            guard trail.depth > 0, try !removeEmptied(trail, lastRound: done.rounds >= emptyingRounds) else { return nil }
            // Something new arrived: list the folder again.
            return Pending(entries: try FolderEntries.read(trail.current())[...], rounds: done.rounds + 1)
        })
    }

    /// Unlinks `name` unless it is a folder; returns whether it is gone (false: a folder to empty).
    private static func unlink(_ name: FileName, in folder: FileDescriptor, path: String) throws -> Bool {
        do {
            try kernel.remove(SystemString(name), in: folder.raw, isFolder: false)
            return true
        } catch .noSuchFile {
            return true
        } catch .isFolder, .notPermitted {
            // A folder: Linux says EISDIR, other systems EPERM. Emptied first. (A file this user
            // may not unlink answers EPERM too: then entering it as a folder fails and says so.)
            return false
        } catch {
            throw ShelfError.system(error, path: path, operation: .remove)
        }
    }

    /// Removes the trail's current (emptied) folder from the one above (the walk then climbs to it).
    /// - Returns: false, staying in the folder, when something arrived in it meanwhile (a program
    ///   that takes no shelf lock added it: it is emptied again), unless this was its last round,
    ///   which then fails.
    private static func removeEmptied(_ trail: FolderTrail, lastRound: Bool) throws -> Bool {
        let name = trail.currentName
        let parent = try trail.parent()
        guard let refusal = try removeFolder(name, in: parent, path: parent.path(for: name)) else { return true }
        if lastRound { throw ShelfError.system(refusal, path: parent.path(for: name), operation: .removeFolder) }
        return false
    }
}

/// `remove` without `recursive` met a folder holding files: nothing was removed.
package struct FolderNotEmpty: Error, Equatable {
    /// The folder's absolute path.
    package let path: String
}
