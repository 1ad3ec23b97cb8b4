/// The Cache Directory Tagging Specification: a `CACHEDIR.TAG` file starting with this
/// signature tells backup and indexing tools to skip the folder.
enum CacheTag {
    static let name: FileName = "CACHEDIR.TAG"
    static let contents = """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by shelf.
        # For information about cache directory tags, see the Cache Directory Tagging Specification.

        """

    /// `CACHEDIR.TAG` at the top of caches is shelf's (issue 12, item 2): a user file of that name
    /// would replace the tag backup tools look for, and be taken for shelf's own by `clear`. So
    /// nothing may write, replace, move or remove it there (64); it can be read like any file.
    static func refuseToChange(_ safe: SafePath, in ns: Namespace) throws {
        guard ns.tagAsCache, safe.components.count == 1, safe.name == name else { return }
        throw ShelfError.invalidName(safe.description, reason: "CACHEDIR.TAG at the top of caches is shelf's cache directory tag, "
                                        + "which tells backup tools to skip the folder; choose another name")
    }
}
