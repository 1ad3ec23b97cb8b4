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

    /// What `remove` of `path` would remove, found with the same checks and refusals and changing
    /// nothing (`shelf remove --dry-run`): the path of a file or link; for a folder, every file in
    /// its tree (as `clear --dry-run` lists them) and then the folder itself, ending in `/`. Paths
    /// are relative to the namespace folder, in byte order.
    /// - Throws: `notFound`, `FolderNotEmpty` (without `recursive`), what `remove` refuses first.
    package func removalPlan(_ path: SafePath, from directory: Directory, recursive: Bool) throws -> [[UInt8]] {
        try checkRemovable(path, from: directory)
        let st = try existingTarget(path, in: directory).closeAfter { target in
            guard let st = try target.status() else { throw ShelfError.notFound(path: target.path) }
            return st
        }
        guard st.isFolder else { return [path.bytes] }
        // As `TreeRemover.removeEmptyFolder` judges: anything but shelf's own files (an empty
        // sub-folder too) makes the folder not empty.
        if try !recursive && !listPaths(path, in: directory, all: true).isEmpty {
            throw FolderNotEmpty(path: try absolutePath(of: path, in: directory))
        }
        let inside = try clear(directory, in: path, options: ClearOptions(dryRun: true)).removedPaths
        return inside.sorted { $0.lexicographicallyPrecedes($1) } + [path.bytes + [UInt8(ascii: "/")]]
    }
}
