/// An opened folder inside a namespace plus the name of an entry in it: the handle every
/// operation works through, so that no later step re-resolves a path a link could redirect.
package struct Target {
    /// The folder that holds (or will hold) the entry.
    package let folder: FileDescriptor
    /// The entry's name inside `folder`.
    package let name: FileName
    /// Absolute path of the entry, for messages and `--print-path`.
    package let path: String

    package init(folder: FileDescriptor, name: FileName, path: String) {
        self.folder = folder
        self.name = name
        self.path = path
    }

    /// Runs `body`, then closes the folder (which lets a writer's shared lock on it go).
    package func closeAfter<R>(_ body: (Target) throws -> R) rethrows -> R {
        try folder.closeAfter { _ in try body(self) }
    }

    /// `lstat` of the entry; nil when it does not exist.
    package func status() throws -> FileStatus? {
        try folder.status(of: name, path: path)
    }
}

/// Opens namespace folders and walks user paths inside them one component at a time with
/// O_NOFOLLOW, so that neither `..` nor a planted symbolic link can reach outside.
package enum FolderWalker {
    static let folderOptions: OpenOptions = [.readOnly, .folder, .noFollow]

    /// Writes the cache directory tag into a namespace folder that needs one (`CacheTag.ensure`,
    /// which writes as every writer does, a layer above).
    typealias Tagging = (FileDescriptor) throws -> Void

    /// Opens the namespace folder; with `create`, makes it (and its base folders) first, and
    /// `tag` writes its cache directory tag if it needs one.
    /// Returns nil when it does not exist and `create` is false.
    ///
    /// The namespace is checked once per opening: a folder that opens at once is there, so its
    /// base folders need not be made, nor its base checked alone before a folder is made in it
    /// (`NamespaceGuard.check` judges the base too). Checking it both ways cost every writer a
    /// second climb to the root and a `stat` of each other base folder. Any failure to open takes
    /// the whole way below: make the base folders, check the base, make the folder, open it.
    static func openNamespace(_ ns: Namespace, create: Bool, tag: Tagging? = nil) throws -> FileDescriptor? {
        if create, let fd = try? FileDescriptor.open(ns.path, folderOptions) {
            return try fd.kept { try admit($0, ns, createdNow: false, create: true, tag: tag) }
        }
        var createdNow = false
        if create {
            try makeBaseFolders(of: ns.path)
            if let guarded = ns.guarded { try NamespaceGuard.checkBase(guarded) }
            do {
                try kernel.makeFolder(SystemString(ns.path), in: nil, permissions: 0o700)
                createdNow = true
            } catch .fileExists {
                // made before, or by another process meanwhile
            } catch {
                throw ShelfError.system(error, path: ns.path, operation: .createFolder)
            }
            if createdNow { try syncParent(of: ns.path) }
        }
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(ns.path, folderOptions)
        } catch ShelfError.notFound where !create {
            return nil
        } catch ShelfError.notAFolder, ShelfError.symbolicLink {
            // The namespace folder itself must be real: a link here could point anywhere.
            throw ShelfError.cannotAccessDirectory(path: ns.path, reason: "it is a symbolic link or not a folder")
        }
        return try fd.kept { try admit($0, ns, createdNow: createdNow, create: create, tag: tag) }
    }

    /// The checks an opened namespace folder must pass before it is used; true when it passes.
    private static func admit(_ fd: FileDescriptor, _ ns: Namespace, createdNow: Bool, create: Bool, tag: Tagging?) throws -> Bool {
        // A folder made just now is no other namespace's (its base was checked before); one
        // that was there is checked whole.
        if let guarded = ns.guarded, !createdNow { try NamespaceGuard.check(fd, guarded) }
        if ns.mustBePrivate { try checkPrivate(fd) }
        if ns.tagAsCache && (create || createdNow) { try tag?(fd) }
        return true
    }

    /// Opens the folder that holds `safe`'s last component. With `create`, missing folders are
    /// made (mode 0700); without it, nil means a folder on the way does not exist.
    ///
    /// With `create` (every writer) the folder is returned under a shared lock, held until the
    /// target is closed: `clear`, `remove` and a move across file systems take a folder away only
    /// under its exclusive lock, so none can delete the folder a write is going into. A folder
    /// removed while the walk made the next one, or just before the lock, is walked to (and made)
    /// again. (Found by the reliability battery: an append racing `clear` failed with "no such
    /// file or folder".) Writers that first read their input take the lock only afterwards
    /// (`lockFolder`), so that no lock is held while they wait on a pipe. With `locked`, a walk
    /// that makes nothing takes that lock too (for commands that change what is in the folder
    /// without making folders: `remove`).
    /// - Parameter folderMode: the mode of the folders made inside the namespace (less the umask).
    static func openTarget(_ safe: SafePath, in ns: Namespace, create: Bool, locked: Bool = false, folderMode: UInt32 = 0o700,
                           tag: Tagging? = nil) throws -> Target? {
        if create { try CacheTag.refuseToChange(safe, in: ns) }
        while true {
            // A folder removed under the walk is walked to (and made) again by `walk` itself.
            guard let target = try walk(safe, in: ns, create: create, folderMode: folderMode, tag: tag) else { return nil }
            guard create || locked else { return target }
            if let folder = try target.folder.kept(if: lockFolder) {
                return Target(folder: folder, name: target.name, path: target.path)
            }
        }
    }

    /// Takes the writers' shared lock on `folder` (see `openTarget`); false when the folder was
    /// removed before the lock was had (the lock is then let go with the descriptor).
    static func lockFolder(_ folder: FileDescriptor) throws -> Bool {
        try FileLock.lock(folder, .shared)
        return try folder.status().linkCount > 0
    }

    /// The walk itself: one component at a time from the namespace folder, without a lock. When
    /// creating, a folder removed under the walk makes it start again.
    static func walk(_ safe: SafePath, in ns: Namespace, create: Bool, folderMode: UInt32 = 0o700, tag: Tagging? = nil) throws -> Target? {
        var attempts = 0
        while true {
            attempts += 1
            do {
                guard var folder = try openNamespace(ns, create: create, tag: tag) else { return nil }
                var path = ns.path
                for component in safe.parentComponents {
                    path += "/" + component.description
                    let next = try folder.closeAfter { try openFolder(component, in: $0, path: path, create: create, mode: folderMode) }
                    guard let next else { return nil }
                    folder = next
                }
                return Target(folder: folder, name: safe.name, path: path + "/" + safe.name.description)
            } catch ShelfError.notFound where create && attempts < 100 {
                continue
            }
        }
    }

    /// Opens (or makes) one folder below `parent`; nil when missing and not creating.
    ///
    /// A folder is made while holding the writers' shared lock on `parent` (through a descriptor
    /// of its own, so that a lock the caller holds is untouched): a folder being removed or moved
    /// across file systems is exclusively locked, its entries listed once, and a new sub-folder
    /// appearing in it then would be missed and left behind, or stop its removal. Once the lock
    /// is had, a parent removed meanwhile makes `mkdirat` fail with ENOENT: the walk starts again.
    /// - Parameter mode: the mode of a folder made (less the umask).
    package static func openFolder(_ name: FileName, in parent: FileDescriptor, path: String, create: Bool,
                                   mode: UInt32 = 0o700) throws -> FileDescriptor? {
        while true {
            do {
                let raw = try retryingStaleHandle { () throws(Errno) in try kernel.open(SystemString(name), in: parent.raw, folderOptions, permissions: 0) }
                return FileDescriptor(raw: raw, path: path)
            } catch .noSuchFile {
                guard create else { return nil }
                try makeFolder(name, in: parent, path: path, mode: mode)
            } catch .notFolder, .tooManySymbolicLinks {
                // Tell a link (refused on principle) from a file standing where a folder must be.
                if try parent.status(of: name, path: path)?.isSymbolicLink == true { throw ShelfError.symbolicLink(path: path) }
                throw ShelfError.notAFolder(path: path)
            } catch {
                throw ShelfError.system(error, path: path, operation: .openFolder)
            }
        }
    }

    /// `mkdirat` under the parent's shared lock (see `openFolder`); made meanwhile by another
    /// process is fine. A folder made here has its name synced into the parent before anything
    /// is put inside: a power cut may otherwise lose it, and everything saved in it.
    private static func makeFolder(_ name: FileName, in parent: FileDescriptor, path: String, mode: UInt32) throws {
        try parent.open(".", folderOptions, path: parent.path, operation: .openFolder).closeAfter { lockable in
            try FileLock.lock(lockable, .shared)
            do throws(Errno) {
                try kernel.makeFolder(SystemString(name), in: lockable.raw, permissions: mode)
            } catch .fileExists {
                return  // made meanwhile: open it
            } catch {
                throw ShelfError.system(error, path: path, operation: .createFolder)
            }
            try lockable.syncFolder()
        }
    }

    /// `mkdir -p` for the XDG base folders (mode 0700 as the spec asks). These lie outside the
    /// namespace and are the user's own, so links there are followed like any program would.
    private static func makeBaseFolders(of path: String) throws {
        var prefix = ""
        for part in path.split(separator: "/").dropLast() {
            prefix += "/" + part
            do {
                try kernel.makeFolder(SystemString(prefix), in: nil, permissions: 0o700)
            } catch .fileExists {
                continue
            } catch where [.permissionDenied, .notPermitted, .readOnlyFileSystem].contains(error)
                            && (try? kernel.checkAccess(SystemString(prefix), in: nil, .exists)) != nil {
                continue  // a parent we may not write but that exists is fine (/tmp, /run/user)
            } catch {
                throw ShelfError.system(error, path: prefix, operation: .createFolder)
            }
            try syncParent(of: prefix)
        }
    }

    /// Makes the folder just made at the absolute `path` durable: its name is an entry of its
    /// parent, which a power cut may lose until the parent is synced, and with it everything
    /// saved inside (the power-loss simulator found a moved file lost with its new namespace
    /// folder). A parent this user may not open for reading cannot be synced; it is left as is.
    private static func syncParent(of path: String) throws {
        let folder: FileDescriptor
        do {
            folder = try FileDescriptor.open(parentPath(of: path), [.readOnly, .folder])
        } catch ShelfError.permissionDenied {
            return
        }
        try folder.closeAfter { try $0.syncFolder() }
    }

    /// `/a/b` → `/a`, `/a` → `/`.
    static func parentPath(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The shared /tmp fallback must be ours alone: owned by this user, no access for others.
    private static func checkPrivate(_ fd: FileDescriptor) throws {
        let st = try fd.status()
        if st.owner != ProcessState.userID {
            throw ShelfError.cannotAccessDirectory(path: fd.path, reason: "it belongs to another user (uid \(st.owner))")
        }
        if st.mode & 0o077 != 0 {
            throw ShelfError.cannotAccessDirectory(
                path: fd.path, reason: "its mode is \(String(st.mode & 0o777, radix: 8)), not 700; run 'chmod 700 \(fd.path)'")
        }
    }
}

extension FolderEntries {
    /// Whether the folder `name` of `parent` holds nothing at all (shelf's own files count: rename(2)
    /// would not replace it either).
    static func isEmpty(_ name: FileName, in parent: FileDescriptor, path: String) throws -> Bool {
        guard let folder = try FolderWalker.openFolder(name, in: parent, path: path, create: false) else { return true }
        return try folder.closeAfter { try FolderEntries.read($0).isEmpty }
    }
}
