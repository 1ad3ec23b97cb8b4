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

    /// Opens the namespace folder; with `create`, makes it (and its base folders) first.
    /// Returns nil when it does not exist and `create` is false.
    static func openNamespace(_ ns: Namespace, create: Bool) throws -> FileDescriptor? {
        var createdNow = false
        if create {
            try makeBaseFolders(of: ns.path)
            do {
                try kernel.makeFolder(SystemString(ns.path), in: nil, permissions: 0o700)
                createdNow = true
            } catch .fileExists {
                // made before, or by another process meanwhile
            } catch {
                throw ShelfError.system(error, path: ns.path, operation: "create folder")
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
        return try fd.kept { fd in
            if ns.mustBePrivate { try checkPrivate(fd) }
            if ns.tagAsCache && (create || createdNow) { try CacheTag.ensure(in: fd) }
            return true
        }
    }

    /// Opens the folder that holds `safe`'s last component. With `create`, missing folders are
    /// made (mode 0700); without it, nil means a folder on the way does not exist.
    ///
    /// With `create` (every writer) the folder is returned under a shared lock, held until the
    /// target is closed: `clear` removes an emptied folder only under an exclusive lock, so it
    /// cannot delete the folder a write is going into. A folder removed while the walk made the
    /// next one, or just before the lock, is walked to (and made) again. (Found by the reliability
    /// battery: an append racing `clear` failed with "no such file or folder".)
    /// - Parameter folderMode: the mode of the folders made inside the namespace (less the umask).
    static func openTarget(_ safe: SafePath, in ns: Namespace, create: Bool, folderMode: UInt32 = 0o700) throws -> Target? {
        guard create else { return try walk(safe, in: ns, create: false) }
        var attempts = 0
        while true {
            attempts += 1
            do {
                guard let target = try walk(safe, in: ns, create: true, folderMode: folderMode) else { return nil }
                let locked = try target.folder.kept { folder in
                    try FileLock.lock(folder, .shared)
                    return try folder.status().linkCount > 0
                }
                if let locked { return Target(folder: locked, name: target.name, path: target.path) }
            } catch ShelfError.notFound where attempts < 100 {
                continue  // a folder on the way was removed under the walk
            }
        }
    }

    /// The walk itself: one component at a time from the namespace folder.
    private static func walk(_ safe: SafePath, in ns: Namespace, create: Bool, folderMode: UInt32 = 0o700) throws -> Target? {
        guard var folder = try openNamespace(ns, create: create) else { return nil }
        var path = ns.path
        for component in safe.parentComponents {
            path += "/" + component.description
            let next = try folder.closeAfter { try openFolder(component, in: $0, path: path, create: create, mode: folderMode) }
            guard let next else { return nil }
            folder = next
        }
        return Target(folder: folder, name: safe.name, path: path + "/" + safe.name.description)
    }

    /// Opens (or makes) one folder below `parent`; nil when missing and not creating.
    package static func openFolder(_ name: FileName, in parent: FileDescriptor, path: String, create: Bool,
                                   mode: UInt32 = 0o700) throws -> FileDescriptor? {
        while true {
            do {
                return FileDescriptor(raw: try kernel.open(SystemString(name), in: parent.raw, folderOptions, permissions: 0), path: path)
            } catch .noSuchFile {
                guard create else { return nil }
                do {
                    try kernel.makeFolder(SystemString(name), in: parent.raw, permissions: mode)
                } catch .fileExists {
                    continue  // made meanwhile: open it
                } catch {
                    throw ShelfError.system(error, path: path, operation: "create folder")
                }
                // Its name must survive a power cut before anything is put inside (see `syncParent`).
                try AtomicReplace.syncFolder(parent)
            } catch .notFolder, .tooManySymbolicLinks {
                // Tell a link (refused on principle) from a file standing where a folder must be.
                if try parent.status(of: name, path: path)?.isSymbolicLink == true { throw ShelfError.symbolicLink(path: path) }
                throw ShelfError.notAFolder(path: path)
            } catch {
                throw ShelfError.system(error, path: path, operation: "open folder")
            }
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
                throw ShelfError.system(error, path: prefix, operation: "create folder")
            }
            try syncParent(of: prefix)
        }
    }

    /// Makes the folder just made at the absolute `path` durable: its name is an entry of its
    /// parent, which a power cut may lose until the parent is synced, and with it everything
    /// saved inside (the power-loss simulator found a moved file lost with its new namespace
    /// folder). A parent this user may not open for reading cannot be synced; it is left as is.
    private static func syncParent(of path: String) throws {
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let folder: FileDescriptor
        do {
            folder = try FileDescriptor.open(parent.isEmpty ? "/" : parent, [.readOnly, .folder])
        } catch ShelfError.permissionDenied {
            return
        }
        try folder.closeAfter { try AtomicReplace.syncFolder($0) }
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
