import FoundationEssentials

extension Disk {
    /// The URL of `path` in `directory`, or of the directory's namespace folder when `path` is nil.
    public static func url(for path: String?, in directory: Directory) throws -> URL {
        try store().url(for: path, in: directory)
    }

    /// Removes the file or folder (with everything in it) at `path`.
    /// - Throws: `notFound` when nothing is there.
    public static func remove(_ path: String, from directory: Directory) throws {
        try store().remove(path, from: directory)
    }

    /// Whether something is stored at `path`. Like Disk it does not throw: an unsafe name, an
    /// unconfigured directory or a link on the way all answer false (`Store.exists` tells them apart).
    public static func exists(_ path: String, in directory: Directory) -> Bool {
        (try? store().exists(path, in: directory)) ?? false
    }

    /// Whether `url` is a folder; links are not followed.
    public static func isFolder(_ url: URL) -> Bool {
        Store.isFolder(url)
    }
}
