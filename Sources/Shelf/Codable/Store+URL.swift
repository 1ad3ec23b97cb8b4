import FoundationEssentials

extension Store {
    /// The URL of `path` inside `directory`, or of the namespace folder itself when `path` is nil
    /// (Disk's `url(for:in:)`). Nothing is created; the path is validated like every other name.
    /// - Throws: `invalidName`, `cannotAccessDirectory` when the base directory is not configured.
    public func url(for path: String?, in directory: Directory) throws -> URL {
        let absolute = try self.path(for: path, in: directory)
        return URL(filePath: absolute, directoryHint: path == nil ? .isDirectory : .inferFromPath)
    }

    /// Where `url` points in this store: the directory whose namespace folder holds it, and the
    /// path inside (nil for the namespace folder itself); the inverse of `url(for:in:)`.
    ///
    /// The URL's path is read as written: a `..` or `.` component, an empty one, or a folder that
    /// only starts like a namespace folder (`…/cache/appx` for `…/cache/app`) is refused. The
    /// path inside is then walked like any other name, without following links.
    /// - Throws: `invalidName` when `url` is not a file URL inside a namespace folder of this store.
    public func location(of url: URL) throws -> (directory: Directory, path: String?) {
        guard url.isFileURL else {
            throw ShelfError.invalidName(url.absoluteString, reason: "only file URLs name stored files")
        }
        let text = url.path(percentEncoded: false)
        let inside = namespaceFolders(around: text).filter { text == $0.folder || text.hasPrefix($0.folder + "/") }
        guard let (directory, folder) = inside.max(by: { $0.folder.count < $1.folder.count }) else {
            throw ShelfError.invalidName(text, reason: "it is not inside a namespace folder of app '\(locations.app)'; url(for:in:) gives such URLs")
        }
        let rest = text.dropFirst(folder.count)
        if rest.isEmpty || rest == "/" { return (directory, nil) }
        let path = String(rest.dropFirst())
        _ = try SafePath(path)
        return (directory, path)
    }

    /// The namespace folders `text` may lie in: those of the four directories that can be
    /// resolved, and the shared container named by the component after the containers' base.
    private func namespaceFolders(around text: String) -> [(directory: Directory, folder: String)] {
        var folders = Directory.standard.compactMap { directory in
            (try? locations.path(for: directory)).map { (directory, $0) }
        }
        // The containers' base is a probe group's folder without the group's name.
        if let probe = try? locations.path(for: .sharedContainer(appGroupName: "-")) {
            let base = probe.dropLast(1)
            if text.hasPrefix(base), let group = text.dropFirst(base.count).split(separator: "/").first {
                let directory = Directory.sharedContainer(appGroupName: String(group))
                if let folder = try? locations.path(for: directory) { folders.append((directory, folder)) }
            }
        }
        return folders
    }

    /// The stored entry `url` names: a namespace folder itself is not one.
    func storedEntry(_ url: URL) throws -> (directory: Directory, path: String) {
        let (directory, path) = try location(of: url)
        guard let path else {
            throw ShelfError.invalidName(url.path(percentEncoded: false),
                                         reason: "it is a namespace folder itself; name something inside it (clear empties the folder)")
        }
        return (directory, path)
    }

    /// Whether something is at `url`, inside a namespace (`location(of:)`).
    func exists(_ url: URL) throws -> Bool {
        let (directory, path) = try location(of: url)
        guard let path else { return try namespaceFolderExists(in: directory) }
        return try exists(path, in: directory)
    }

    /// Whether `url`, inside a namespace, is a folder; links are not followed.
    func isFolder(_ url: URL) throws -> Bool {
        let (directory, path) = try location(of: url)
        guard let path else { return try namespaceFolderIsFolder(in: directory) }
        return try isFolder(path, in: directory)
    }
}
