extension Store {
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
