extension Store {
    /// Gives a file or folder a new path in the same directory; missing folders on the way are
    /// created. Names keep their exact bytes (Disk would turn a space into `%20`; shelf does not).
    /// - Parameters:
    ///   - replace: replace an existing entry at `newPath` (see `move` for how; a folder there only
    ///     when it is empty).
    ///   - folders: `.replaceWhole` replaces a folder at `newPath` whatever it holds.
    /// - Returns: the absolute path of the renamed entry.
    /// - Throws: `notFound`, `alreadyExists`, `invalidTarget` (the same path, or a folder into
    ///   itself), `symbolicLink`, `invalidName`, `permissionDenied`, …
    @discardableResult
    public func rename(_ path: String, in directory: Directory, to newPath: String, replace: Bool = false,
                       folders: FolderReplacement = .keepContents) throws -> String {
        // A mount point inside the namespace makes even a rename cross file systems; relocate
        // handles that like a move.
        try relocate(SafePath(path), in: directory, to: SafePath(newPath), in: directory, replace: replace, folders: folders)
    }
}
