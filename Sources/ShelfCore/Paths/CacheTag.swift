/// The Cache Directory Tagging Specification: a `CACHEDIR.TAG` file starting with this
/// signature tells backup and indexing tools to skip the folder.
enum CacheTag {
    static let name: FileName = "CACHEDIR.TAG"
    static let contents = """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by shelf.
        # For information about cache directory tags, see the Cache Directory Tagging Specification.

        """

    /// Writes the tag unless it is already there; O_EXCL keeps a concurrent writer's tag intact.
    static func ensure(in folder: FileDescriptor) throws {
        let file: FileDescriptor
        do {
            file = try folder.open(name, [.writeOnly, .create, .exclusive, .noFollow])
        } catch ShelfError.alreadyExists {
            return
        }
        try file.closeAfter { try $0.writeAll(Array(contents.utf8)) }
    }
}
