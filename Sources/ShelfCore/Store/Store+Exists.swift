extension Store {
    /// Whether a file or folder is stored at `path`. Never creates anything. A file standing where
    /// the path needs a folder (`f/x` where `f` is a file) means nothing is stored there: false.
    /// - Throws: `invalidName` for unsafe paths, `symbolicLink` when a folder on the way is a link.
    public func exists(_ path: String, in directory: Directory) throws -> Bool {
        try lookupStatus(SafePath(path), in: directory) != nil
    }

    /// What `exists` answers for scripts: missing, there, or there but expired (a regular file
    /// whose expiry time has passed at `now`). Never creates anything. A file this user may not
    /// open has no expiry shelf can read: it counts as there.
    package enum Presence: Sendable, Equatable { case missing, present, expired }

    package func presence(_ path: SafePath, in directory: Directory, now: Int64) throws -> Presence {
        guard let target = try lookupTarget(path, in: directory) else { return .missing }
        return try target.closeAfter { target in
            // Replaced by another host between the open and the expiry read (GlusterFS: ESTALE, 5
            // of 300 `exists` on the strict volume): the name is looked up again.
            try reopeningStaleHandle(in: target.folder) {
                guard let st = try target.status() else { return .missing }
                guard st.isRegularFile, let file = try? target.folder.open(target.name, [.readOnly, .noFollow, .nonBlocking], path: target.path)
                else { return .present }
                return try file.closeAfter { file in
                    try openedFileGone(file) {
                        let opened = try file.status()
                        let expires = opened.isRegularFile ? try Expiry.read(file, opened, named: target.name, in: target.folder) : nil
                        return Expiry.hasExpired(expires, now: now) ? .expired : .present
                    }
                }
            }
        }
    }

    /// Whether `path` is a folder (Disk's `isFolder`); false when missing.
    public func isFolder(_ path: String, in directory: Directory) throws -> Bool {
        try isFolder(SafePath(path), in: directory)
    }

    package func isFolder(_ path: SafePath, in directory: Directory) throws -> Bool {
        try lookupStatus(path, in: directory)?.isFolder ?? false
    }
}

extension Store {
    /// The folder that would hold `path`'s last entry, for a command that only looks (`exists`,
    /// `is-folder`, `list`): nil when a folder on the way is missing, or is a file (or a FIFO, a
    /// socket, a device): then nothing can be stored at `path`, which is an answer, not a failure
    /// (73 is for a writer that needs a folder there). A link on the way is still refused.
    func lookupTarget(_ path: SafePath, in directory: Directory) throws -> Target? {
        do {
            return try target(path, in: directory, create: false)
        } catch ShelfError.notAFolder {
            return nil
        }
    }

    /// The `lstat` of what is stored at `path`; nil when nothing is (see `lookupTarget`).
    private func lookupStatus(_ path: SafePath, in directory: Directory) throws -> FileStatus? {
        try lookupTarget(path, in: directory)?.closeAfter { try $0.status() }
    }
}
