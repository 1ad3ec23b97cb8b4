/// A namespace found on disk: a folder in a directory's base folder that `--app NAME` (or, for
/// shared containers, a group name) reaches.
public struct NamespaceEntry: Sendable, Equatable {
    /// `documents`, `caches`, `applicationSupport`, `temporary` or `sharedContainer`.
    public let directory: String
    /// The app (or group) name; escaped (`\xE9`) when the folder's name is not UTF-8.
    public let name: String
    /// The folder name's exact bytes (without `-<uid>` for the shared temporary folder).
    public let nameBytes: [UInt8]
}

extension Store {
    /// The namespaces present in each directory's base folder, in the order of `Directory.standard`
    /// and then the shared containers, each sorted by name. shelf keeps no registry of apps: every
    /// real folder in a base folder (`~/.cache`, `~/.local/share`, …) is a namespace that
    /// `--app NAME` reaches, whoever made it; symbolic links are not (a namespace must be a real
    /// folder). In the shared `$TMPDIR` only this user's `<app>-<uid>` folders count. A base
    /// folder that does not exist has none. Nothing is created.
    /// - Returns: nothing for a store that is one folder (`Locations(folder:)`): it has no namespaces.
    public func namespaces() throws -> [NamespaceEntry] {
        guard locations.folder == nil else { return [] }
        var found: [NamespaceEntry] = []
        for directory in Directory.standard + [.sharedContainer(appGroupName: "group")] {
            let ns = try locations.namespace(for: directory)
            let suffix = ns.mustBePrivate ? Array("-\(ProcessState.userID)".utf8) : []
            let label = String(directory.name.prefix { $0 != ":" })  // `sharedContainer` without a group
            found += try Store.folders(in: FolderWalker.parentPath(of: ns.path), endingWith: suffix).compactMap { name in
                if directory == .applicationSupport, name == Array(Locations.sharedFolder.utf8) { return nil }
                return NamespaceEntry(directory: label, name: EscapedText.text(name), nameBytes: name)
            }
        }
        return found
    }

    /// The names of the real folders in `base` that end with `suffix` (removed from the name) and,
    /// with a suffix, belong to this user. Base folders may be links (they are the user's own).
    private static func folders(in base: String, endingWith suffix: [UInt8]) throws -> [[UInt8]] {
        let folder: FileDescriptor
        do {
            folder = try FileDescriptor.open(base, [.readOnly, .folder])
        } catch ShelfError.notFound, ShelfError.notAFolder {
            return []
        }
        return try folder.closeAfter { folder in
            var names: [[UInt8]] = []
            for entry in FolderEntries.sortedByName(try FolderEntries.read(folder)) {
                let bytes = entry.name.bytes
                guard bytes.count > suffix.count, bytes.suffix(suffix.count).elementsEqual(suffix) else { continue }
                guard let st = try folder.status(of: entry.name, path: folder.path(for: entry.name)), st.isFolder else { continue }
                if !suffix.isEmpty, st.owner != ProcessState.userID { continue }
                names.append(Array(bytes.dropLast(suffix.count)))
            }
            return names
        }
    }
}
