/// Operations on the entries of an open folder, by name: the `*at` calls, which never re-resolve
/// the folder's path, so a link swapped in above it changes nothing. Links are never followed.
extension FileDescriptor {
    /// The absolute path of `name` in this folder, for messages (the name escaped).
    package func path(for name: FileName) -> String {
        path + "/" + name.description
    }

    /// Opens `name` in this folder.
    /// - Parameters:
    ///   - path: how to name it in messages (default: this folder's path and the name).
    ///   - operation: what failed, in messages about an I/O error.
    package func open(_ name: FileName, _ options: OpenOptions, permissions: UInt32 = 0o600, path: String? = nil,
                      operation: SystemOperation = .open) throws -> FileDescriptor {
        let path = path ?? self.path(for: name)
        let opened = try systemCall(operation, path: path) { () throws(Errno) in
            try retryingStaleHandle { () throws(Errno) in try kernel.open(SystemString(name), in: raw, options, permissions: permissions) }
        }
        return FileDescriptor(raw: opened, path: path)
    }

    /// `lstat` (or with `followingLinks`, `stat`) of a path: absolute, or relative to the current
    /// directory; nil when nothing is there.
    package static func status(of path: String, followingLinks: Bool = false) throws -> FileStatus? {
        do {
            return try kernel.status(of: SystemString(path), in: nil, followingLinks: followingLinks)
        } catch .noSuchFile {
            return nil
        } catch {
            throw ShelfError.system(error, path: path, operation: .status)
        }
    }

    /// `lstat` of `name`; nil when there is no such entry.
    package func status(of name: FileName, path: String? = nil) throws -> FileStatus? {
        do {
            return try retryingStaleHandle { () throws(Errno) in try kernel.status(of: SystemString(name), in: raw, followingLinks: false) }
        } catch .noSuchFile {
            return nil
        } catch {
            throw ShelfError.system(error, path: path ?? self.path(for: name), operation: .status)
        }
    }

    /// Makes the folder `name` (mode 0700 unless told); `alreadyExists` when something is there.
    package func makeFolder(_ name: FileName, permissions: UInt32 = 0o700, path: String? = nil) throws {
        try systemCall(.createFolder, path: path ?? self.path(for: name)) { () throws(Errno) in
            try kernel.makeFolder(SystemString(name), in: raw, permissions: permissions)
        }
    }

    /// Unlinks the file (or link) `name`.
    package func remove(_ name: FileName, path: String? = nil) throws {
        try systemCall(.remove, path: path ?? self.path(for: name)) { () throws(Errno) in
            try kernel.remove(SystemString(name), in: raw, isFolder: false)
        }
    }

    /// Removes the empty folder `name`.
    func removeFolder(_ name: FileName, path: String? = nil) throws {
        try systemCall(.removeFolder, path: path ?? self.path(for: name)) { () throws(Errno) in
            try kernel.remove(SystemString(name), in: raw, isFolder: true)
        }
    }

    /// Renames `name` to `newName` in `folder`, replacing a file there.
    /// - Parameter path: the target's path, for messages.
    package func rename(_ name: FileName, to newName: FileName, in folder: FileDescriptor, path: String) throws {
        try systemCall(.rename, path: path) { () throws(Errno) in
            try kernel.rename(SystemString(name), in: raw, to: SystemString(newName), in: folder.raw, [])
        }
    }

    /// Gives the file `name` a second name, `newName` in `folder`; `alreadyExists` when taken.
    package func link(_ name: FileName, as newName: FileName, in folder: FileDescriptor, path: String) throws {
        try systemCall(.link, path: path) { () throws(Errno) in
            try kernel.link(SystemString(name), in: raw, to: SystemString(newName), in: folder.raw, followingLinks: false)
        }
    }

    /// Whether the effective user may `mode` the entry `name` (`"."`: this folder itself).
    package func allows(_ mode: AccessMode, on name: FileName) -> Bool {
        (try? kernel.checkAccess(SystemString(name), in: raw, mode)) != nil
    }
}
