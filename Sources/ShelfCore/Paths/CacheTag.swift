/// The Cache Directory Tagging Specification: a `CACHEDIR.TAG` file starting with this
/// signature tells backup and indexing tools to skip the folder.
enum CacheTag {
    static let name: FileName = "CACHEDIR.TAG"
    static let contents = """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by shelf.
        # For information about cache directory tags, see the Cache Directory Tagging Specification.

        """

    /// Writes the tag unless it is already there. Like any file shelf writes, it appears whole or
    /// not at all (`AtomicReplace`, never replacing a concurrent writer's tag): written in place,
    /// a power cut could leave it empty, and then it would never be written again (found by the
    /// power-loss simulator).
    static func ensure(in folder: FileDescriptor) throws {
        if try folder.status(of: name) != nil { return }
        do {
            try AtomicReplace.write(Target(folder: folder, name: name, path: folder.path(for: name)), replace: false) { file in
                try file.writeAll(Array(contents.utf8))
            }
        } catch ShelfError.alreadyExists {
            return
        }
    }
}
