/// A folder named for `stat` only: a path, absolute or relative to an open folder, that climbs by
/// appending `/..`. The kernel resolves each `..` on the folder actually reached (links included),
/// never lexically, so the identities are those an `open` of each folder above would give, at one
/// system call per folder instead of an open, a stat and a close (start-up: the namespace checks
/// run on every command).
struct FolderPlace {
    /// The open folder `path` is relative to; nil for a path from the root (or the current folder).
    private var anchor: FileDescriptor?
    /// An anchor this place opened itself (after a very long climb), closed with the place.
    private var owned: OpenFile?
    private(set) var path: [UInt8]
    /// How to name the start in messages.
    let shownPath: String

    /// Past this many bytes of path the place opens the folder it names and climbs from there:
    /// a path may not exceed 4,096 bytes.
    private static let reanchorLength = 3_000

    init(_ folder: FileDescriptor) {
        anchor = folder
        path = Array(".".utf8)
        shownPath = folder.path
    }

    init(path: String) {
        anchor = nil
        self.path = Array(path.utf8)
        shownPath = path
    }

    /// The device and inode of the folder named, links followed; nil when nothing is there or it
    /// is not a folder.
    /// - Throws: the error of a `stat` that failed otherwise (a loop, a permission).
    func identity() throws -> FileIdentity? {
        do {
            let status = try kernel.status(of: SystemString(bytes: path), in: anchor?.raw, followingLinks: true)
            return status.isFolder ? FileIdentity(status) : nil
        } catch .noSuchFile, .notFolder {
            return nil
        } catch {
            throw ShelfError.system(error, path: shownPath, operation: .status)
        }
    }

    /// `identity` and the mount the folder is reached through (nil: not reported), in one call.
    func identityAndMount() throws -> (identity: FileIdentity, mount: UInt64?)? {
        do {
            let (status, mount) = try kernel.statusAndMount(of: SystemString(bytes: path), in: anchor?.raw)
            return status.isFolder ? (FileIdentity(status), mount) : nil
        } catch .noSuchFile, .notFolder {
            return nil
        } catch {
            throw ShelfError.system(error, path: shownPath, operation: .status)
        }
    }

    /// The `stat` of `name` in this folder, the name's link not followed; nil when nothing is there.
    func status(of name: [UInt8]) -> FileStatus? {
        try? kernel.status(of: SystemString(bytes: path + [UInt8(ascii: "/")] + name), in: anchor?.raw, followingLinks: false)
    }

    /// Opens the folder named: for reading its entries, or (`reading: false`) only as an anchor
    /// for further `stat`s, which needs search permission only, as the climb itself does.
    func open(reading: Bool) throws -> FileDescriptor {
        let options: OpenOptions = reading ? [.readOnly, .folder] : [.reference, .folder]
        let raw = try systemCall(.open, path: shownPath) { () throws(Errno) in
            try kernel.open(SystemString(bytes: path), in: anchor?.raw, options, permissions: 0)
        }
        return FileDescriptor(raw: raw, path: shownPath)
    }

    /// The folder above this one.
    func above() throws -> FolderPlace {
        var next = self
        next.path += Array("/..".utf8)
        if next.path.count > FolderPlace.reanchorLength {
            let opened = OpenFile(try next.open(reading: false))
            next.owned = opened
            next.anchor = opened.descriptor
            next.path = Array(".".utf8)
        }
        return next
    }
}

/// A folder and the folders above it, by device and inode, climbed through `..` (never by path
/// text) one `stat` at a time and only as far as a question needs: whether a folder is among them
/// is mostly answered a step or two up (the home folder above a base folder, or a base folder's
/// parent), where the whole way to the root cost one `stat` per folder above for every command.
struct FolderLineage {
    private var place: FolderPlace
    /// The folders climbed so far, the start first.
    private var known: [FileIdentity]
    private var atRoot = false

    /// - Parameter identity: the identity of `start`.
    init(_ start: FolderPlace, identity: FileIdentity) {
        place = start
        known = [identity]
    }

    /// Whether `folder` is the start or a folder above it.
    mutating func contains(_ folder: FileIdentity) throws -> Bool {
        if known.contains(folder) { return true }
        while let above = try climb() {
            if above == folder { return true }
        }
        return false
    }

    /// Whether climbing on reaches `target` before a folder `isStop` accepts (or the root).
    mutating func reaches(_ target: FileIdentity, before isStop: (FileIdentity) throws -> Bool) throws -> Bool {
        while let above = try climb() {
            if above == target { return true }
            if try isStop(above) { return false }
        }
        return false
    }

    /// The folder above the last one climbed; nil at the root.
    private mutating func climb() throws -> FileIdentity? {
        guard !atRoot else { return nil }
        place = try place.above()
        guard let above = try place.identity() else {
            throw ShelfError.cannotAccessDirectory(path: place.shownPath, reason: "a folder above it could not be found while checking that namespaces do not overlap")
        }
        // The root's `..` is itself; a million steps stand for a looping file system.
        if above == known[known.count - 1] || known.count >= 1 << 20 {
            atRoot = true
            return nil
        }
        known.append(above)
        return above
    }
}
