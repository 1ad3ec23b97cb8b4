/// The namespace rules again, on the folders themselves: `NamespaceRules` judges paths, but a link
/// among the base folders (`XDG_DOCUMENTS_DIR=~/docs` with `~/docs -> ~`), `..` through a link, or
/// a file system that ignores case or Unicode normalization (ext4 with casefold, SMB, vfat) can
/// make two different paths one folder. So a base folder must not be another base, the home
/// folder, or above it; and an existing namespace folder must be stored under exactly its name,
/// must not be another base folder, nor contain one. Judged by device and inode, never by text.
enum NamespaceGuard {
    typealias Guarded = (base: BaseFolder, name: String, others: [BaseFolder])

    /// Before a namespace folder is made in it: checks the base folder alone.
    /// - Throws: `cannotAccessDirectory` (77).
    static func checkBase(_ guarded: Guarded) throws {
        guard let base = try? FileDescriptor.open(guarded.base.path, [.readOnly, .folder]) else { return }
        try base.closeAfter { base in
            var lineage: [FileIdentity]?
            try check(base: base, guarded, lineage: &lineage, path: guarded.base.path + "/" + guarded.name)
        }
    }

    /// Checks the opened namespace folder `folder` and its base.
    /// - Throws: `cannotAccessDirectory` (77) naming the namespace folder and what it overlaps.
    static func check(_ folder: FileDescriptor, _ guarded: Guarded) throws {
        let identity = FileIdentity(try folder.status())
        try folder.open("..", [.readOnly, .folder], path: guarded.base.path).closeAfter { base in
            try checkStoredName(guarded.name, of: identity, in: base, path: folder.path)
            var lineage: [FileIdentity]?
            try check(base: base, guarded, lineage: &lineage, path: folder.path)
            for other in guarded.others where other.role != .home {
                guard let otherFolder = try? FileDescriptor.open(other.path, [.readOnly, .folder]) else { continue }
                try otherFolder.closeAfter { otherFolder in
                    let otherIdentity = FileIdentity(try otherFolder.status())
                    if otherIdentity == identity { throw overlap(folder.path, "is \(other.contents) (\(other.path))") }
                    // Climbing from the other folder: reaching this namespace means it lies inside;
                    // reaching its base or anything above, that it does not.
                    let above = try lineage ?? FolderLineage.of(base)
                    lineage = above
                    if try FolderLineage.climbs(otherFolder, from: otherIdentity, to: identity, before: above) {
                        throw overlap(folder.path, "contains \(other.contents) (\(other.path))")
                    }
                }
            }
        }
    }

    /// The base folder must not be another base (unless names there differ: the temporary
    /// fallback's `<app>-<uid>`), nor the home folder, nor above it.
    private static func check(base: FileDescriptor, _ guarded: Guarded, lineage: inout [FileIdentity]?, path: String) throws {
        let identity = FileIdentity(try base.status())
        let uid = "-\(ProcessState.userID)"
        for other in guarded.others {
            guard let otherFolder = try? FileDescriptor.open(other.path, [.readOnly, .folder]) else { continue }
            try otherFolder.closeAfter { otherFolder in
                let otherIdentity = FileIdentity(try otherFolder.status())
                if otherIdentity == identity {
                    let clash = other.role == .home || (guarded.base.namesAsGiven && other.namesAsGiven)
                        || (guarded.base.namesAsGiven && other.role == .temporaryFallback && guarded.name.hasSuffix(uid) && guarded.name.count > uid.count)
                    if clash { throw overlap(path, "lies in \(other.contents) (\(other.path)): its base folder is that folder too") }
                } else if other.role == .home, guarded.base.role != .temporaryFallback {
                    let above = try lineage ?? FolderLineage.of(base)
                    lineage = above
                    if try FolderLineage.climbs(otherFolder, from: otherIdentity, to: identity, before: Array(above.dropFirst())) {
                        throw overlap(path, "lies in a base folder that contains your home folder (\(other.path))")
                    }
                }
            }
        }
    }

    /// On a file system that ignores case or normalization, `Foo` opens the folder `foo` another
    /// namespace made: the name must be there exactly. A name in ASCII is probed with its case
    /// flipped (one `fstatat`); only where that finds this folder, or for other names, is the base
    /// folder read to find the name as stored.
    private static func checkStoredName(_ name: String, of identity: FileIdentity, in base: FileDescriptor, path: String) throws {
        let bytes = Array(name.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            let flipped = bytes.map { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) ? $0 ^ 0x20 : $0 }
            guard flipped != bytes, let probe = FileName(bytes: flipped),
                  let st = try? base.status(of: probe), FileIdentity(st) == identity else { return }
        }
        guard let entries = try? FolderEntries.read(base) else { return }
        if !entries.contains(where: { $0.name.bytes == bytes }) {
            throw overlap(path, "is stored under another name (the file system ignores case or Unicode normalization), so it is another namespace's folder; use the name exactly as stored")
        }
    }

    private static func overlap(_ path: String, _ what: String) -> ShelfError {
        .cannotAccessDirectory(path: path, reason: "the namespace folder \(what); namespaces never overlap (see docs/directories.md)")
    }
}

/// Folders by device and inode, climbing through `..` (never by path text).
enum FolderLineage {
    /// `folder` and every folder above it, up to the root.
    static func of(_ folder: FileDescriptor) throws -> [FileIdentity] {
        let start = FileIdentity(try folder.status())
        var lineage = [start]
        try climb(folder, from: start) { identity in
            lineage.append(identity)
            return false
        }
        return lineage
    }

    /// Whether climbing from `folder` (whose identity is `start`) reaches `target` before any
    /// folder of `stops` (or the root).
    static func climbs(_ folder: FileDescriptor, from start: FileIdentity, to target: FileIdentity, before stops: [FileIdentity]) throws -> Bool {
        var reached = false
        try climb(folder, from: start) { identity in
            if identity == target { reached = true }
            return reached || stops.contains(identity)
        }
        return reached
    }

    /// Calls `visit` with each folder above `folder`, nearest first, until it answers true or the
    /// root (whose `..` is itself) is reached. At most a million steps: a looping file system.
    private static func climb(_ folder: FileDescriptor, from start: FileIdentity, _ visit: (FileIdentity) throws -> Bool) throws {
        var level = folder
        var holder: OpenFile?  // the folder climbed to; replacing it closes the one below
        var previous = start
        for _ in 0..<(1 << 20) {
            holder = OpenFile(try level.open("..", [.readOnly, .folder], path: folder.path))
            level = holder!.descriptor
            let identity = FileIdentity(try level.status())
            if identity == previous { return }
            if try visit(identity) { return }
            previous = identity
        }
    }
}
