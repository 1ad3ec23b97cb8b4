import FoundationEssentials

extension Store {
    /// The URL of `path` inside `directory`, or of the namespace folder itself when `path` is nil
    /// (Disk's `url(for:in:)`). Nothing is created; the path is validated like every other name.
    /// - Throws: `invalidName`, `cannotAccessDirectory` when the base directory is not configured.
    public func url(for path: String?, in directory: Directory) throws -> URL {
        let absolute = try self.path(for: path, in: directory)
        return URL(filePath: absolute, directoryHint: path == nil ? .isDirectory : .inferFromPath)
    }

    /// Whether `url` is a folder (Disk's `isFolder(_:)`). A symbolic link is not followed, so
    /// it is never a folder here; a missing path is not a folder either.
    public static func isFolder(_ url: URL) -> Bool {
        (try? FileDescriptor.status(of: url.path(percentEncoded: false)))?.isFolder ?? false
    }
}
