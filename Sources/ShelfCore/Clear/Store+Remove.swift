extension Store {
    /// Removes a file, or a folder with everything in it. The namespace folder itself can never
    /// be named (a path has at least one component), and links inside are removed, not followed.
    /// A file is removed under its exclusive lock, together with its append journal; a folder is
    /// emptied and removed under the exclusive lock of each of its folders (`TreeRemover.remove`),
    /// so a writer adding to it meanwhile waits and then makes its path anew. The folder holding
    /// the entry is held under the writers' shared lock, as a writer would.
    /// - Throws: `notFound` when nothing is there.
    public func remove(_ path: String, from directory: Directory) throws {
        try remove(SafePath(path), from: directory)
    }

    /// - Parameter recursive: false removes a folder only when it holds nothing but shelf's own
    ///   files (as `rm -d` does), and throws `FolderNotEmpty` otherwise (the command line without
    ///   `-r`); the Swift API removes any folder, as Disk does.
    package func remove(_ path: SafePath, from directory: Directory, recursive: Bool = true) throws {
        try checkRemovable(path, from: directory)
        try existingTarget(path, in: directory, locked: true).closeAfter { target in
            guard let st = try target.status() else { throw ShelfError.notFound(path: target.path) }
            var file: FileDescriptor?
            if st.isRegularFile {
                do {
                    file = try FileLocks.lockExclusively(target.name, in: target.folder, path: target.path)
                } catch ShelfError.permissionDenied {
                    // A file this user may not read cannot be locked; it is removed as rm(1) would, and
                    // its journal stays (the next append under this name drops or reuses it).
                }
            }
            if let file {
                try file.closeAfter { try FileLocks.remove($0, name: target.name, in: target.folder, path: target.path) }
            } else if st.isFolder && !recursive {
                try TreeRemover.removeEmptyFolder(target.name, in: target.folder, path: target.path)
            } else {
                try TreeRemover.remove(target.name, in: target.folder, path: target.path, locking: true)
            }
            try AtomicReplace.syncFolder(target.folder)
        }
    }

    /// Refuses, before anything is removed, a path `remove` may never take (`CacheTag`): `remove`
    /// of several paths checks them all first, so that such a path removes nothing.
    package func checkRemovable(_ path: SafePath, from directory: Directory) throws {
        try CacheTag.refuseToChange(path, in: locations.namespace(for: directory))
    }
}
