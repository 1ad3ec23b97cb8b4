import Glibc

/// The Cache Directory Tagging Specification: a `CACHEDIR.TAG` file starting with this
/// signature tells backup and indexing tools to skip the folder.
enum CacheTag {
    static let name = "CACHEDIR.TAG"
    static let contents = """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by shelf.
        # For information about cache directory tags, see the Cache Directory Tagging Specification.

        """

    /// Writes the tag unless it is already there; O_EXCL keeps a concurrent writer's tag intact.
    static func ensure(in folder: FileDescriptor) throws {
        let path = folder.path + "/" + name
        let fd = retryingEINTR { openat(folder.raw, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        if fd < 0 {
            if errno == EEXIST { return }
            throw ShelfError.lastError(path: path, operation: "create")
        }
        let file = FileDescriptor(raw: fd, path: path)
        defer { file.close() }
        try file.writeAll(Array(contents.utf8))
    }
}
