/// One in-place append: `prefix` and the spooled items are written at `offset` of the locked
/// file, and its old bytes from `offset` on (for an array, the closing bracket and the blanks
/// around it; for JSON Lines and raw files, nothing) are written again after them. The journal
/// makes it all-or-nothing; see `AppendJournal`.
struct AppendSplice {
    /// The stored file, open for writing and exclusively locked.
    let file: FileDescriptor
    let name: String
    let folder: FileDescriptor
    let failpoints: Failpoints

    func insert(_ prefix: [UInt8], _ spool: Spool, at offset: Int, originalLength: Int) throws {
        let tail = try AppendJournal.bytes(of: file, in: offset..<originalLength)
        let fingerprintStart = Swift.max(0, offset - AppendJournal.fingerprintLength)
        let journal = AppendJournal(identity: FileIdentity(try file.status()), originalLength: originalLength, offset: offset,
                                    tail: tail, fingerprint: try AppendJournal.bytes(of: file, in: fingerprintStart..<offset))
        try journal.write(for: name, in: folder, failpoints: failpoints)
        failpoints.check(.journal)
        do {
            try prefix.withUnsafeBytes { try writeAll($0, to: file, at: offset) }
            try spool.copyAll(to: file, at: offset + prefix.count)
            failpoints.check(.partialData)
            try tail.withUnsafeBytes { try writeAll($0, to: file, at: offset + prefix.count + spool.count) }
            try file.sync()
        } catch {
            // Put the old bytes back at once (a full disk, say); if even that fails, the journal
            // stays and the next access to the file rolls it back.
            if (try? journal.rollBack(file)) != nil { try? AppendJournal.remove(for: name, in: folder) }
            throw error
        }
        failpoints.check(.data)
        try AppendJournal.remove(for: name, in: folder)
    }
}
