/// The namespace rules again, on the folders themselves: `NamespaceRules` judges paths, but a link
/// among the base folders (`XDG_DOCUMENTS_DIR=~/docs` with `~/docs -> ~`), `..` through a link, or
/// a file system that ignores case or Unicode normalization (ext4 with casefold, SMB, vfat) can
/// make two different paths one folder. So a base folder must not be another base, the home
/// folder, or above it; and an existing namespace folder must be stored under exactly its name,
/// must not be another base folder, nor contain one. Judged by device and inode, never by text.
enum NamespaceGuard {
    typealias Guarded = (base: BaseFolder, name: String, others: [BaseFolder])

    /// The other base folders, each with its identity and the mount it is reached through (for
    /// `BindMountGuard`), found by one `statx`; nil: not there, not a folder, or not reachable, so
    /// nothing of this namespace can be it.
    private typealias Others = [(folder: BaseFolder, placed: (identity: FileIdentity, mount: UInt64?)?)]

    private static func place(_ others: [BaseFolder]) -> Others {
        others.map { ($0, (try? FolderPlace(path: $0.path).identityAndMount()) ?? nil) }
    }

    /// Before a namespace folder is made in it: checks the base folder alone.
    /// - Throws: `cannotAccessDirectory` (77).
    static func checkBase(_ guarded: Guarded) throws {
        let base = FolderPlace(path: guarded.base.path)
        guard let identity = try? base.identity() else { return }
        var lineage = FolderLineage(base, identity: identity)
        try check(base: identity, guarded, others: place(guarded.others), lineage: &lineage, path: guarded.base.path + "/" + guarded.name)
    }

    /// Checks the opened namespace folder `folder` and its base.
    /// - Throws: `cannotAccessDirectory` (77) naming the namespace folder and what it overlaps.
    static func check(_ folder: FileDescriptor, _ guarded: Guarded) throws {
        let (status, mount) = try systemCall(.status, path: folder.path) { () throws(Errno) in
            try kernel.statusAndMount(of: SystemString(""), in: folder.raw)
        }
        let identity = FileIdentity(status)
        let base = try FolderPlace(folder).above()
        guard let baseIdentity = try base.identity() else {
            throw ShelfError.cannotAccessDirectory(path: folder.path, reason: "its base folder \(guarded.base.path) could not be found")
        }
        try checkStoredName(guarded.name, of: identity, in: base, path: folder.path)
        let others = place(guarded.others)
        var lineage = FolderLineage(base, identity: baseIdentity)
        try check(base: baseIdentity, guarded, others: others, lineage: &lineage, path: folder.path)
        for (other, placed) in others where other.role != .home {
            guard let otherIdentity = placed?.identity else { continue }
            if otherIdentity == identity { throw overlap(folder.path, "is \(other.contents) (\(other.path))") }
            // Climbing from the other folder: reaching this namespace means it lies inside;
            // reaching its base or anything above, that it does not.
            if try climbs(from: other, otherIdentity, to: identity, before: { try lineage.contains($0) }) {
                throw overlap(folder.path, "contains \(other.contents) (\(other.path))")
            }
        }
        let reached = others.compactMap { other in other.placed.map { (folder: other.folder, identity: $0.identity, mount: $0.mount) } }
        try BindMountGuard.check(folder, identity, mount: mount, name: guarded.name, others: reached)
    }

    /// The base folder must not be another base (unless names there differ: the temporary
    /// fallback's `<app>-<uid>`), nor the home folder, nor above it.
    private static func check(base identity: FileIdentity, _ guarded: Guarded, others: Others,
                              lineage: inout FolderLineage, path: String) throws {
        // Asked only where a temporary fallback's name is in question (a `getuid` otherwise spent).
        func namedForThisUser() -> Bool {
            let uid = "-\(ProcessState.userID)"
            return guarded.name.hasSuffix(uid) && guarded.name.count > uid.count
        }
        for (other, placed) in others {
            guard let otherIdentity = placed?.identity else { continue }
            if otherIdentity == identity {
                // The temporary fallback's base may be the home folder: its names are `<app>-<uid>`.
                let clash = (other.role == .home && guarded.base.role != .temporaryFallback)
                    || (guarded.base.namesAsGiven && other.namesAsGiven)
                    || (guarded.base.namesAsGiven && other.role == .temporaryFallback && namedForThisUser())
                if clash { throw overlap(path, "lies in \(other.contents) (\(other.path)): its base folder is that folder too") }
            } else if other.role == .home, guarded.base.role != .temporaryFallback {
                // A home folder above the base (the usual case, found a step or two up) has not
                // the base above it; else climbing from it must not reach the base before a
                // folder above the base.
                if try lineage.contains(otherIdentity) { continue }
                if try climbs(from: other, otherIdentity, to: identity, before: { try lineage.contains($0) }) {
                    throw overlap(path, "lies in a base folder that contains your home folder (\(other.path))")
                }
            }
        }
    }

    /// Whether climbing from another base folder reaches `target`. A folder this user cannot search
    /// (another user's 0700 runtime folder, left in `XDG_RUNTIME_DIR` by `su` without `-l`)
    /// contains nothing this user reaches by a path, so it is not in the way: a base folder that
    /// cannot be reached refuses the commands that use it, never the others.
    private static func climbs(from other: BaseFolder, _ otherIdentity: FileIdentity, to target: FileIdentity,
                               before isStop: (FileIdentity) throws -> Bool) throws -> Bool {
        // Only the other folder's own climb may be refused so: the base's (`isStop`), as ever, throws.
        var stopFailed = false
        do {
            var climbed = FolderLineage(FolderPlace(path: other.path), identity: otherIdentity)
            return try climbed.reaches(target, before: { above in
                do {
                    return try isStop(above)
                } catch {
                    stopFailed = true
                    throw error
                }
            })
        } catch ShelfError.permissionDenied where !stopFailed {
            return false
        }
    }

    /// On a file system that ignores case or normalization, `Foo` opens the folder `foo` another
    /// namespace made: the name must be there exactly. A name in ASCII is probed with its case
    /// flipped (one `fstatat`); only where that finds this folder, or for other names, is the base
    /// folder read to find the name as stored.
    private static func checkStoredName(_ name: String, of identity: FileIdentity, in base: FolderPlace, path: String) throws {
        let bytes = Array(name.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            let flipped = bytes.map { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) ? $0 ^ 0x20 : $0 }
            guard flipped != bytes, let st = base.status(of: flipped), FileIdentity(st) == identity else { return }
        }
        // Unconfirmed is refused: a folder that may be another namespace's is never used.
        guard let entries = try? base.open(reading: true).closeAfter({ try FolderEntries.read($0) }) else {
            throw ShelfError.cannotAccessDirectory(path: path, reason: "its base folder cannot be read to confirm that the namespace folder is stored under exactly its name (a file system that ignores case or Unicode normalization could make it another namespace's); give your user read permission on the base folder")
        }
        if !entries.contains(where: { $0.name.bytes == bytes }) {
            throw overlap(path, "is stored under another name (the file system ignores case or Unicode normalization), so it is another namespace's folder; use the name exactly as stored")
        }
    }

    static func overlap(_ path: String, _ what: String) -> ShelfError {
        .cannotAccessDirectory(path: path, reason: "the namespace folder \(what); namespaces never overlap (see docs/directories.md)")
    }
}
