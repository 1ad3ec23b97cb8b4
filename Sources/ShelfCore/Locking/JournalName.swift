/// Where the journal of a stored file lives: beside it, under a name no user name can reach
/// (user names may not start with `.shelf-`) and that no other file's journal can have.
///
/// - `.shelf-journal2-<name>` for a name of up to 239 bytes;
/// - `.shelf-journal2#<SHA-256 of the name, hex>` for a longer one. The hashed form has `#` where
///   the plain one has `-`, so it is never the plain form of another name, and two long names
///   share one only if SHA-256 collides.
///
/// Earlier versions used `.shelf-journal-<name>` and, for long names, `.shelf-journal-#<FNV-1a>`,
/// which is also the plain journal of a user file named `#<that hex>` (issue 12, item 2). Those old
/// places are only read now, to settle what a crash of an earlier version left (`Legacy`).
enum JournalName {
    static let plainPrefix = SafePath.reservedPrefix + "journal2-"
    static let hashedPrefix = SafePath.reservedPrefix + "journal2#"
    /// What every journal name starts with, of this version or an earlier one.
    static let commonPrefix = SafePath.reservedPrefix + "journal"

    /// The journal's name for the file `name`.
    static func of(_ name: FileName) -> FileName {
        if plainPrefix.utf8.count + name.bytes.count <= 255 { return name.prefixed(by: plainPrefix) }
        return FileName(hashedPrefix + SHA256.hex(name.bytes))
    }

    /// The files among `names` (a folder's entries) whose journal `journal` may be: of this
    /// version or an earlier one. Empty for a journal whose file is gone, or for another name.
    static func owners(of journal: FileName, among names: [FileName]) -> [FileName] {
        if journal.hasPrefix(plainPrefix) {
            return FileName(bytes: Array(journal.bytes.dropFirst(plainPrefix.utf8.count))).map { names.contains($0) ? [$0] : [] } ?? []
        }
        if journal.hasPrefix(hashedPrefix) { return names.filter { of($0) == journal } }
        guard journal.hasPrefix(Legacy.prefix) else { return [] }
        return names.filter { Legacy.of($0) == journal }
    }

    /// The places of earlier versions.
    enum Legacy {
        static let prefix = SafePath.reservedPrefix + "journal-"

        static func of(_ name: FileName) -> FileName {
            if prefix.utf8.count + name.bytes.count <= 255 { return name.prefixed(by: prefix) }
            return FileName(prefix + "#" + String(fnv(name.bytes), radix: 16))
        }

        /// Whether the old place of `name` may also be another file's: a long name's hashed place is
        /// the plain place of the name `#<hex>`, and that name's plain place is a long name's hashed one.
        static func isShared(_ name: FileName) -> Bool {
            if prefix.utf8.count + name.bytes.count > 255 { return true }
            let bytes = name.bytes
            return bytes.first == UInt8(ascii: "#") && (2...17).contains(bytes.count)
                && bytes.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
        }

        private static func fnv(_ bytes: [UInt8]) -> UInt64 {
            AppendJournal.fnv(bytes[...])
        }
    }
}
