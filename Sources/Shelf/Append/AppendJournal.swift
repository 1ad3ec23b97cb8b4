import Glibc

/// The rollback journal of one in-place append. Before an append changes a single byte of the
/// stored file it writes, beside it and durably, what it is about to overwrite: the file's
/// identity, its length, the insertion offset and the old bytes from there to the end (for a JSON
/// array: the closing bracket and the blanks around it). When the append is done and fsynced the
/// journal is deleted, and that deletion is the commit. A journal found later belongs to an
/// append that never finished, so the file is rolled back to exactly its old bytes.
struct AppendJournal: Equatable {
    static let namePrefix = SafePath.reservedPrefix + "journal-"
    /// How many bytes before the insertion offset are kept to recognise the file on recovery.
    static let fingerprintLength = 64

    var identity: FileIdentity
    var originalLength: Int
    var offset: Int
    /// The old bytes `offset..<originalLength`.
    var tail: [UInt8]
    /// The bytes just before `offset`, which an append never changes: if they differ on recovery,
    /// the journal is not about this file (an inode number reused after a removal) and is dropped.
    var fingerprint: [UInt8]

    /// The journal's name for the file `name`: shelf's reserved prefix, so it is never listed and
    /// can never clash with a user's file. Names too long for the prefix get a hash instead.
    static func name(for name: String) -> String {
        if namePrefix.utf8.count + name.utf8.count <= 255 { return namePrefix + name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return namePrefix + "#" + String(hash, radix: 16)
    }

    /// Whether a journal stands beside `name` (one `fstatat`: the cost every locked reader pays).
    static func exists(for name: String, in folder: FileDescriptor) -> Bool {
        var st = stat()
        return fstatat(folder.raw, AppendJournal.name(for: name), &st, AT_SYMLINK_NOFOLLOW) == 0
    }

    // MARK: Writing and committing

    /// Writes the journal and makes it durable (file and folder entry) before the data changes.
    func write(for name: String, in folder: FileDescriptor, failpoints: Failpoints) throws {
        let path = folder.path + "/" + AppendJournal.name(for: name)
        let file = try folder.openAt(AppendJournal.name(for: name), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, path: path)
        defer { file.close() }
        let bytes = encoded()
        if failpoints.contains(.tornJournal) {
            try file.writeAll(Array(bytes.prefix(bytes.count / 2)))
            failpoints.crash()
        }
        try file.writeAll(bytes)
        try file.sync()
        try AtomicFile.syncFolder(folder)
    }

    /// Deletes the journal of `name`: the commit point of an append (or the end of a rollback).
    static func remove(for name: String, in folder: FileDescriptor) throws {
        if unlinkat(folder.raw, AppendJournal.name(for: name), 0) != 0 && errno != ENOENT {
            throw ShelfError.lastError(path: folder.path + "/" + AppendJournal.name(for: name), operation: "remove journal")
        }
        try AtomicFile.syncFolder(folder)
    }

    // MARK: Recovery

    /// Rolls `file` back if a crashed append left a journal for it; deletes a journal that is torn
    /// (the crash came before any data byte changed) or belongs to another file.
    /// - Parameter file: the file named `name` in `folder`, opened for writing, exclusively locked.
    static func recover(_ file: FileDescriptor, name: String, in folder: FileDescriptor) throws {
        guard let bytes = try read(for: name, in: folder) else { return }
        if let journal = AppendJournal(decoding: bytes), try journal.matches(file) {
            try journal.rollBack(file)
        }
        try remove(for: name, in: folder)
    }

    /// Puts the old tail back and cuts the file to its old length.
    func rollBack(_ file: FileDescriptor) throws {
        try tail.withUnsafeBytes { try writeAll($0, to: file, at: offset) }
        if ftruncate(file.raw, off_t(originalLength)) != 0 { throw ShelfError.lastError(path: file.path, operation: "truncate") }
        try file.sync()
    }

    /// Whether this journal describes `file`: same identity, long enough, same fingerprint.
    private func matches(_ file: FileDescriptor) throws -> Bool {
        let st = try file.status()
        guard FileIdentity(st) == identity, Int(st.st_size) >= offset else { return false }
        return try AppendJournal.bytes(of: file, in: (offset - fingerprint.count)..<offset) == fingerprint
    }

    private static func read(for name: String, in folder: FileDescriptor) throws -> [UInt8]? {
        let path = folder.path + "/" + AppendJournal.name(for: name)
        let fd = retryingEINTR { openat(folder.raw, AppendJournal.name(for: name), O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw ShelfError.lastError(path: path, operation: "open journal")
        }
        let file = FileDescriptor(raw: fd, path: path)
        defer { file.close() }
        return try bytes(of: file, in: 0..<Int(file.status().st_size))
    }

    /// `pread` of a byte range (short at the end of the file).
    static func bytes(of file: FileDescriptor, in range: Range<Int>) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let n = bytes.withUnsafeMutableBytes { pread(file.raw, $0.baseAddress! + done, range.count - done, off_t(range.lowerBound + done)) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw ShelfError.lastError(path: file.path, operation: "read") }
            if n == 0 { break }
            done += n
        }
        return Array(bytes[..<done])
    }
}
