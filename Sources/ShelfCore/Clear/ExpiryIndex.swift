import Glibc

/// Where a file system has no user extended attributes, expiry times live in a small index file
/// in the folder of the files they belong to: `.shelf-expiry`, one line per file,
/// `<expires> <inode> <mtime seconds>.<nanoseconds> <name>`. Being a `.shelf-` name, it is never
/// listed, copied or cleared as data.
///
/// An entry belongs to the file as saved: it applies only while the name still refers to the same
/// inode with the same modification time. A file replaced, changed in place, renamed or copied
/// therefore simply loses its expiry (it is kept longer, never removed early), and a stale entry
/// can never make another file look expired. Updates take an exclusive lock on
/// `.shelf-expiry.lock` and replace the index atomically, dropping stale entries as they go.
struct ExpiryIndex {
    static let name = SafePath.reservedPrefix + "expiry"
    static let lockName = SafePath.reservedPrefix + "expiry.lock"

    /// The identity an entry is bound to, and its time.
    struct Entry: Equatable {
        var expires: Int64
        var inode: UInt64
        var modified: Int64
        var modifiedNanoseconds: Int64

        init(expires: Int64, file st: stat) {
            self.expires = expires
            inode = UInt64(st.st_ino)
            modified = Int64(st.st_mtim.tv_sec)
            modifiedNanoseconds = Int64(st.st_mtim.tv_nsec)
        }

        init(expires: Int64, inode: UInt64, modified: Int64, modifiedNanoseconds: Int64) {
            self.expires = expires
            self.inode = inode
            self.modified = modified
            self.modifiedNanoseconds = modifiedNanoseconds
        }

        func matches(_ st: stat) -> Bool {
            inode == UInt64(st.st_ino) && modified == Int64(st.st_mtim.tv_sec) && modifiedNanoseconds == Int64(st.st_mtim.tv_nsec)
        }
    }

    var entries: [String: Entry] = [:]

    /// The expiry of the file `name` with status `st`, if the index holds one for that very file.
    func expiry(of name: String, _ st: stat) -> Int64? {
        guard let entry = entries[name], entry.matches(st) else { return nil }
        return entry.expires
    }

    /// The index of `folder`; nil when it has none.
    static func load(in folder: FileDescriptor) throws -> ExpiryIndex? {
        let file: FileDescriptor
        do {
            file = try folder.openAt(name, O_RDONLY | O_NOFOLLOW, path: folder.path + "/" + name)
        } catch ShelfError.notFound {
            return nil
        }
        defer { file.close() }
        let data = try Store.readAll(file)
        return ExpiryIndex(parsing: String(decoding: data, as: UTF8.self))
    }

    /// Records (or with nil, forgets) the expiry of the file `entryName` in `folder`.
    static func update(in folder: FileDescriptor, _ entryName: String, to entry: Entry?) throws {
        let lock = try folder.openAt(lockName, O_RDWR | O_CREAT | O_NOFOLLOW, path: folder.path + "/" + lockName)
        defer { lock.close() }
        try FileLock.lock(lock, .exclusive)
        var index = try load(in: folder) ?? ExpiryIndex()
        index.entries[entryName] = entry
        index.prune(in: folder, keeping: entryName)
        let target = Target(folder: folder, name: name, path: folder.path + "/" + name)
        if index.entries.isEmpty {
            if unlinkat(folder.raw, name, 0) != 0 && errno != ENOENT {
                throw ShelfError.lastError(path: target.path, operation: "remove")
            }
            return
        }
        try AtomicFile.write(target) { file in try file.writeAll(Array(index.text.utf8)) }
    }

    /// Drops entries whose file is gone or is no longer the file they were written for.
    /// `keeping` is exempt: its file may still be a temp file waiting to be renamed into place.
    mutating func prune(in folder: FileDescriptor, keeping: String) {
        for (entryName, entry) in entries where entryName != keeping {
            var st = stat()
            if fstatat(folder.raw, entryName, &st, AT_SYMLINK_NOFOLLOW) != 0 || !entry.matches(st) {
                entries[entryName] = nil
            }
        }
    }

    init() {}

    /// Lines that do not parse are ignored: at worst a file is kept longer than asked.
    init(parsing text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let expires = Int64(fields[0]), let inode = UInt64(fields[1]) else { continue }
            let time = fields[2].split(separator: ".")
            guard time.count == 2, let seconds = Int64(time[0]), let nanoseconds = Int64(time[1]), !fields[3].isEmpty else { continue }
            entries[String(fields[3])] = Entry(expires: expires, inode: inode, modified: seconds, modifiedNanoseconds: nanoseconds)
        }
    }

    var text: String {
        var out = "# shelf: expiry times of files in this folder (its file system has no user extended attributes)\n"
        for (entryName, e) in entries.sorted(by: { $0.key < $1.key }) {
            out += "\(e.expires) \(e.inode) \(e.modified).\(e.modifiedNanoseconds) \(entryName)\n"
        }
        return out
    }
}
