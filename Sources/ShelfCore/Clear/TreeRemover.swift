/// Removes files and folder trees through descriptors: a symbolic link inside is unlinked,
/// never followed, so removing a folder can never reach outside it. An entry that is already
/// gone when its turn comes (another process removed or renamed it after the folder was listed)
/// is simply not there to remove: never an error.
package enum TreeRemover {
    /// How often a folder is listed and emptied again when something keeps appearing in it.
    static let emptyingRounds = 8

    /// Removes the entry `name` in `folder`, recursively when it is a folder, taking no locks:
    /// for shelf's own temporary trees, which no other shelf process writes into.
    package static func remove(_ name: FileName, in folder: FileDescriptor, path: String) throws {
        try remove(name, in: folder, path: path, locking: false)
    }

    /// Removes the entry `name` in `folder` as `shelf remove` does: each folder of the tree is
    /// emptied and removed under its exclusive lock, the lock writers take in shared mode on the
    /// folder they write into (`FolderWalker.openTarget`) and when they make a sub-folder. So no
    /// writer is half-way through a folder while it is emptied, none can add to it meanwhile, and
    /// one that waited for the lock finds the folder removed and makes its path anew: the remove
    /// never fails because a writer added something (ENOTEMPTY), and never takes away a write
    /// that was acknowledged after it.
    package static func removeLocked(_ name: FileName, in folder: FileDescriptor, path: String) throws {
        try remove(name, in: folder, path: path, locking: true)
    }

    private static func remove(_ name: FileName, in folder: FileDescriptor, path: String, locking: Bool) throws {
        do {
            return try kernel.remove(SystemString(name), in: folder.raw, isFolder: false)
        } catch .noSuchFile {
            return
        } catch .isFolder, .notPermitted {
            // A folder: Linux says EISDIR, other systems EPERM. Emptied first, below. (A file this
            // user may not unlink answers EPERM too: then the folder open below fails and says so.)
        } catch {
            throw ShelfError.system(error, path: path, operation: .remove)
        }
        let sub: FileDescriptor?
        do {
            sub = try FolderWalker.openFolder(name, in: folder, path: path, create: false)
        } catch ShelfError.notAFolder {
            // Not a folder after all (EPERM above was about the file): unlink it to say why.
            return try folder.remove(name, path: path)
        }
        guard let sub else { return }
        try sub.closeAfter { sub in
            if locking {
                try FileLock.lock(sub, .exclusive)
                // Removed while this waited (by another remove, a clear, a move): nothing left to do.
                if try sub.status().linkCount == 0 { return }
            }
            for round in 1...emptyingRounds {
                try removeContents(of: sub, locking: locking)
                do throws(Errno) {
                    return try kernel.remove(SystemString(name), in: folder.raw, isFolder: true)
                } catch .noSuchFile {
                    return
                } catch .folderNotEmpty where round < emptyingRounds, .fileExists where round < emptyingRounds {
                    // A program that takes no shelf lock added something: empty it again.
                    continue
                } catch {
                    throw ShelfError.system(error, path: path, operation: .removeFolder)
                }
            }
        }
    }

    /// Removes everything inside `folder`, keeping the folder itself.
    static func removeContents(of folder: FileDescriptor) throws {
        try removeContents(of: folder, locking: false)
    }

    private static func removeContents(of folder: FileDescriptor, locking: Bool) throws {
        for entry in try FolderEntries.read(folder) {
            try remove(entry.name, in: folder, path: folder.path(for: entry.name), locking: locking)
        }
    }
}
