/// Where the journal of a stored file lives: beside it, under a name no user name can reach
/// (user names may not start with `.shelf-`) and that no other file's journal can have.
///
/// - `.shelf-journal2-<name>` for a name of up to 239 bytes;
/// - `.shelf-journal2#<SHA-256 of the name, hex>` for a longer one. The hashed form has `#` where
///   the plain one has `-`, so it is never the plain form of another name, and two long names
///   share one only if SHA-256 collides. A cryptographic hash because names are chosen by
///   whoever may write in the folder: with a checksum (`Checksum64`, whose steps are invertible)
///   anyone could make a name whose journal is another file's, and a torn append of one would be
///   settled against the other, or wait on its lock (on FUSE the journal is also the `ReplaceGate`).
enum JournalName {
    static let plainPrefix = SafePath.reservedPrefix + "journal2-"
    static let hashedPrefix = SafePath.reservedPrefix + "journal2#"
    /// What every journal name starts with.
    static let commonPrefix = SafePath.reservedPrefix + "journal2"

    /// The journal's name for the file `name`.
    static func of(_ name: FileName) -> FileName {
        if plainPrefix.utf8.count + name.bytes.count <= 255 { return name.prefixed(by: plainPrefix) }
        return FileName(hashedPrefix + SHA256.hex(name.bytes))
    }

    /// The files among `names` (a folder's entries) whose journal `journal` may be. Empty for a
    /// journal whose file is gone, or for another name.
    static func owners(of journal: FileName, among names: [FileName]) -> [FileName] {
        if journal.hasPrefix(plainPrefix) {
            return FileName(bytes: Array(journal.bytes.dropFirst(plainPrefix.utf8.count))).map { names.contains($0) ? [$0] : [] } ?? []
        }
        guard journal.hasPrefix(hashedPrefix) else { return [] }
        return names.filter { of($0) == journal }
    }
}
