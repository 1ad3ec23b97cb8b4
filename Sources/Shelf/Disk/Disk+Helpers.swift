import FoundationEssentials

extension Disk {
    /// The URL of `path` in `directory`, or of the directory's namespace folder when `path` is
    /// nil, whether or not anything is there.
    public static func url(for path: String?, in directory: Directory) throws -> URL {
        try bridging(directory) { try store().url(for: path.map(name), in: directory) }
    }

    /// The URL of what is stored at `path` (the namespace folder when nil), as older versions of
    /// Disk named it: unlike `url(for:in:)` it throws `noFileFound` when nothing is there. The
    /// namespace folder itself is given whether or not it exists yet, as on iOS, where Disk
    /// finds an app's folders always there.
    public static func getURL(for path: String?, in directory: Directory) throws -> URL {
        try bridging(directory, reading: true) {
            let store = try store()
            let url = try store.url(for: path.map(name), in: directory)
            guard try path == nil || store.exists(url) else { throw ShelfError.notFound(path: url.path(percentEncoded: false)) }
            return url
        }
    }

    /// Removes the file or folder (with everything in it) at `path`.
    /// - Throws: `noFileFound` when nothing is there.
    public static func remove(_ path: String, from directory: Directory) throws {
        try bridging(directory) { try store().remove(name(path), from: directory) }
    }

    /// Whether something is stored at `path`. Like Disk it does not throw: an unsafe name, an
    /// unconfigured directory or a link on the way all answer false (`Store.exists` tells them apart).
    /// A name ending in `/` is there only as a folder, as for Disk's `fileExists`.
    public static func exists(_ path: String, in directory: Directory) -> Bool {
        guard let store = try? store() else { return false }
        if path.hasSuffix("/") { return (try? store.isFolder(name(path), in: directory)) ?? false }
        return (try? store.exists(name(path), in: directory)) ?? false
    }
}
