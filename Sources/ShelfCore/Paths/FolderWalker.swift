import Glibc

/// An opened folder inside a namespace plus the name of an entry in it: the handle every
/// operation works through, so that no later step re-resolves a path a link could redirect.
package struct Target {
    /// The folder that holds (or will hold) the entry.
    package let folder: FileDescriptor
    /// The entry's name inside `folder`.
    package let name: String
    /// Absolute path of the entry, for messages and `--print-path`.
    package let path: String

    package init(folder: FileDescriptor, name: String, path: String) {
        self.folder = folder
        self.name = name
        self.path = path
    }

    package func close() { folder.close() }

    /// `lstat` of the entry; nil when it does not exist.
    package func status() throws -> stat? {
        var st = stat()
        if fstatat(folder.raw, name, &st, AT_SYMLINK_NOFOLLOW) == 0 { return st }
        if errno == ENOENT { return nil }
        throw ShelfError.lastError(path: path, operation: "stat")
    }
}

/// Opens namespace folders and walks user paths inside them one component at a time with
/// O_NOFOLLOW, so that neither `..` nor a planted symbolic link can reach outside.
package enum FolderWalker {
    static let folderFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW

    /// Opens the namespace folder; with `create`, makes it (and its base folders) first.
    /// Returns nil when it does not exist and `create` is false.
    static func openNamespace(_ ns: Namespace, create: Bool) throws -> FileDescriptor? {
        var createdNow = false
        if create {
            try makeBaseFolders(of: ns.path)
            if mkdir(ns.path, 0o700) == 0 { createdNow = true } else if errno != EEXIST {
                throw ShelfError.lastError(path: ns.path, operation: "create folder")
            }
        }
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(ns.path, folderFlags)
        } catch ShelfError.notFound where !create {
            return nil
        } catch ShelfError.notAFolder, ShelfError.symbolicLink {
            // The namespace folder itself must be real: a link here could point anywhere.
            throw ShelfError.cannotAccessDirectory(path: ns.path, reason: "it is a symbolic link or not a folder")
        }
        do {
            if ns.mustBePrivate { try checkPrivate(fd) }
            if ns.tagAsCache && (create || createdNow) { try CacheTag.ensure(in: fd) }
        } catch {
            fd.close()
            throw error
        }
        return fd
    }

    /// Opens the folder that holds `safe`'s last component. With `create`, missing folders are
    /// made (mode 0700); without it, nil means a folder on the way does not exist.
    ///
    /// With `create` (every writer) the folder is returned under a shared lock, held until the
    /// target is closed: `clear` removes an emptied folder only under an exclusive lock, so it
    /// cannot delete the folder a write is going into. A folder removed while the walk made the
    /// next one, or just before the lock, is walked to (and made) again. (Found by the reliability
    /// battery: an append racing `clear` failed with "no such file or folder".)
    static func openTarget(_ safe: SafePath, in ns: Namespace, create: Bool) throws -> Target? {
        guard create else { return try walk(safe, in: ns, create: false) }
        var attempts = 0
        while true {
            attempts += 1
            do {
                guard let target = try walk(safe, in: ns, create: true) else { return nil }
                do {
                    try FileLock.lock(target.folder, .shared)
                    if try target.folder.status().st_nlink > 0 { return target }
                } catch {
                    target.close()
                    throw error
                }
                target.close()
            } catch ShelfError.notFound where attempts < 100 {
                continue  // a folder on the way was removed under the walk
            }
        }
    }

    /// The walk itself: one component at a time from the namespace folder.
    private static func walk(_ safe: SafePath, in ns: Namespace, create: Bool) throws -> Target? {
        guard var folder = try openNamespace(ns, create: create) else { return nil }
        var path = ns.path
        for component in safe.parentComponents {
            path += "/" + component
            let next: FileDescriptor?
            do {
                next = try openFolder(component, in: folder, path: path, create: create)
            } catch {
                folder.close()
                throw error
            }
            folder.close()
            guard let opened = next else { return nil }
            folder = opened
        }
        return Target(folder: folder, name: safe.name, path: path + "/" + safe.name)
    }

    /// Opens (or makes) one folder below `parent`; nil when missing and not creating.
    package static func openFolder(_ name: String, in parent: FileDescriptor, path: String, create: Bool) throws -> FileDescriptor? {
        while true {
            let fd = retryingEINTR { openat(parent.raw, name, folderFlags | O_CLOEXEC) }
            if fd >= 0 { return FileDescriptor(raw: fd, path: path) }
            let code = errno
            if code == ENOENT {
                guard create else { return nil }
                if mkdirat(parent.raw, name, 0o700) != 0 && errno != EEXIST {
                    throw ShelfError.lastError(path: path, operation: "create folder")
                }
                continue
            }
            if code == ENOTDIR || code == ELOOP {
                // Tell a link (refused on principle) from a file standing where a folder must be.
                var st = stat()
                if fstatat(parent.raw, name, &st, AT_SYMLINK_NOFOLLOW) == 0, st.isSymbolicLink {
                    throw ShelfError.symbolicLink(path: path)
                }
                throw ShelfError.notAFolder(path: path)
            }
            throw ShelfError.system(code, path: path, operation: "open folder")
        }
    }

    /// `mkdir -p` for the XDG base folders (mode 0700 as the spec asks). These lie outside the
    /// namespace and are the user's own, so links there are followed like any program would.
    private static func makeBaseFolders(of path: String) throws {
        var prefix = ""
        let parts = path.split(separator: "/").dropLast()
        for part in parts {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                let code = errno
                // A parent we may not write but that exists is fine (for example /tmp or /run/user).
                if code == EACCES || code == EPERM || code == EROFS, access(prefix, F_OK) == 0 { continue }
                throw ShelfError.system(code, path: prefix, operation: "create folder")
            }
        }
    }

    /// The shared /tmp fallback must be ours alone: owned by this user, no access for others.
    private static func checkPrivate(_ fd: FileDescriptor) throws {
        let st = try fd.status()
        if st.st_uid != getuid() {
            throw ShelfError.cannotAccessDirectory(path: fd.path, reason: "it belongs to another user (uid \(st.st_uid))")
        }
        if st.st_mode & 0o077 != 0 {
            throw ShelfError.cannotAccessDirectory(
                path: fd.path, reason: "its mode is \(String(st.st_mode & 0o777, radix: 8)), not 700; run 'chmod 700 \(fd.path)'")
        }
    }
}
