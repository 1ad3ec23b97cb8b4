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
    static let name = FileName(SafePath.reservedPrefix + "expiry")
    static let lockName = FileName(SafePath.reservedPrefix + "expiry.lock")

    /// The identity an entry is bound to, and its time.
    struct Entry: Equatable {
        var expires: Int64
        var inode: UInt64
        var modified: Int64
        var modifiedNanoseconds: Int64

        func matches(_ st: FileStatus) -> Bool {
            inode == st.inode && modified == st.modified.seconds && modifiedNanoseconds == st.modified.nanoseconds
        }
    }

    var entries: [FileName: Entry] = [:]

    /// The expiry of the file `name` with status `st`, if the index holds one for that very file.
    func expiry(of name: FileName, _ st: FileStatus) -> Int64? {
        guard let entry = entries[name], entry.matches(st) else { return nil }
        return entry.expires
    }

    /// The most an index may hold: far more than the lines of a folder's files (about 60,000 of
    /// them with the longest names), and little enough to read whole. Anything larger was not
    /// written by shelf (a sparse file can claim exabytes) and is refused rather than read.
    static let sizeLimit = 16 << 20

    /// The index of `folder`; nil when it has none.
    /// - Throws: `io` (EFBIG) for an index larger than `sizeLimit`.
    static func load(in folder: FileDescriptor) throws -> ExpiryIndex? {
        guard let file = try nilIfNotFound({ try folder.open(name, [.readOnly, .noFollow, .nonBlocking]) }) else { return nil }
        return try file.closeAfter { file in
            let st = try file.status()
            let refused = { (why: Errno) in
                ShelfError.io(path: file.path, operation: "read the expiry index (not one shelf wrote: remove it)", errno: why.rawValue)
            }
            guard st.isRegularFile else { throw refused(.invalidArgument) }
            guard st.size <= ExpiryIndex.sizeLimit else { throw refused(.fileTooLarge) }
            // One byte more than it claims: a file that grows past the limit meanwhile is caught too.
            var bytes = [UInt8](repeating: 0, count: Int(st.size) + 1)
            let n = try bytes.withUnsafeMutableBytes { try file.readFully(into: $0) }
            guard n <= Int(st.size) else { throw refused(.fileTooLarge) }
            bytes.removeSubrange(n...)
            return ExpiryIndex(parsing: bytes)
        }
    }

    /// Records (or with nil, forgets) the expiry of the file `entryName` in `folder`.
    static func update(in folder: FileDescriptor, _ entryName: FileName, to entry: Entry?) throws {
        try folder.open(lockName, [.readWrite, .create, .noFollow]).closeAfter { lock in
            try FileLock.lock(lock, .exclusive)
            var index = try load(in: folder) ?? ExpiryIndex()
            index.entries[entryName] = entry
            index.prune(in: folder, keeping: entryName)
            let target = Target(folder: folder, name: name, path: folder.path(for: name))
            if index.entries.isEmpty {
                _ = try nilIfNotFound { try folder.remove(name, path: target.path) }  // nil: no index to remove
                return
            }
            try AtomicReplace.write(target) { file in try file.writeAll(index.bytes) }
        }
    }

    /// Drops entries whose file is gone or is no longer the file they were written for.
    /// `keeping` is exempt: its file may still be a temp file waiting to be renamed into place.
    mutating func prune(in folder: FileDescriptor, keeping: FileName) {
        for (entryName, entry) in entries where entryName != keeping {
            guard let st = try? folder.status(of: entryName), entry.matches(st) else {
                entries[entryName] = nil
                continue
            }
        }
    }

}

extension ExpiryIndex.Entry {
    init(expires: Int64, file st: FileStatus) {
        self.init(expires: expires, inode: st.inode, modified: st.modified.seconds, modifiedNanoseconds: st.modified.nanoseconds)
    }
}

extension ExpiryIndex {
    /// Lines that do not parse are ignored: at worst a file is kept longer than asked. The name,
    /// the rest of the line, is bytes: whatever the file system holds.
    init(parsing bytes: [UInt8]) {
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
            func number<T: FixedWidthInteger>(_ field: ArraySlice<UInt8>) -> T? { T(String(decoding: field, as: UTF8.self)) }
            guard fields.count == 4, let expires: Int64 = number(fields[0]), let inode: UInt64 = number(fields[1]) else { continue }
            let time = fields[2].split(separator: UInt8(ascii: "."))
            guard time.count == 2, let seconds: Int64 = number(time[0]), let nanoseconds: Int64 = number(time[1]),
                  let name = FileName(bytes: Array(fields[3])) else { continue }
            entries[name] = Entry(expires: expires, inode: inode, modified: seconds, modifiedNanoseconds: nanoseconds)
        }
    }

    var bytes: [UInt8] {
        var out = Array("# shelf: expiry times of files in this folder (its file system has no user extended attributes)\n".utf8)
        for (entryName, e) in entries.sorted(by: { $0.key.bytes.lexicographicallyPrecedes($1.key.bytes) }) {
            out += Array("\(e.expires) \(e.inode) \(e.modified).\(e.modifiedNanoseconds) ".utf8) + entryName.bytes + [UInt8(ascii: "\n")]
        }
        return out
    }
}
