/// `clear --keep-newest N`: in each folder, the N newest regular files stay whatever the other
/// options select. Newest by modification time (nanoseconds included); files with the same time
/// are ranked by name, the later name in byte order counting as newer (`feed-10` after `feed-09`).
/// Folders, links, `CACHEDIR.TAG` at the top and shelf's own files are neither kept nor counted.
enum KeepNewest {
    /// The names in `folder` that stay. Entries that vanish or cannot be read meanwhile are not ranked.
    static func kept(_ count: Int, among entries: [FolderEntry], in folder: FileDescriptor, isRoot: Bool) -> Set<FileName> {
        guard count > 0 else { return [] }
        var files: [(name: FileName, seconds: Int64, nanoseconds: Int64)] = []
        for entry in entries where FolderEntries.isUsers(entry.name) && !(isRoot && entry.name == CacheTag.name)
                && entry.kind != .folder && entry.kind != .symbolicLink {
            guard let st = try? folder.status(of: entry.name), st.isRegularFile else { continue }
            files.append((entry.name, st.modified.seconds, st.modified.nanoseconds))
        }
        guard files.count > count else { return Set(files.map(\.name)) }
        files.sort {
            ($0.seconds, $0.nanoseconds) != ($1.seconds, $1.nanoseconds)
                ? ($0.seconds, $0.nanoseconds) > ($1.seconds, $1.nanoseconds)
                : $1.name.bytes.lexicographicallyPrecedes($0.name.bytes)
        }
        return Set(files.prefix(count).map(\.name))
    }
}
