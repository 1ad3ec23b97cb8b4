extension Store {
    /// Removes a file, or a folder with everything in it. The namespace folder itself can never
    /// be named (a path has at least one component), and links inside are removed, not followed.
    /// - Throws: `notFound` when nothing is there.
    public func remove(_ path: String, from directory: Directory) throws {
        let target = try existingTarget(path, in: directory)
        defer { target.close() }
        guard try target.status() != nil else { throw ShelfError.notFound(path: target.path) }
        try TreeRemover.remove(target.name, in: target.folder, path: target.path)
        try AtomicFile.syncFolder(target.folder)
    }
}
