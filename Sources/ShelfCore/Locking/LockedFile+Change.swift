/// A change in place of a locked stored file (an append's splice, a rewrite of single bytes),
/// made all-or-nothing by the file's journal: the one way a writer changes a stored file without
/// replacing it.
extension LockedFile {
    /// One stretch the change replaces: its old bytes, and how many new ones stand there after.
    typealias Patch = JournalRecord.Patch
    /// How many of the new bytes a record keeps, to tell a finished change from a torn one.
    static let headLength = JournalRecord.headLength
    /// How many bytes before the change a record keeps, to tell its file from another.
    static let fingerprintLength = JournalRecord.fingerprintLength

    /// Changes the locked file in place, all or nothing, whatever crash or error comes:
    /// 1. The record is durable before any data byte changes; 2. `change` changes the data, and one
    /// sync makes it durable (with the new length); 3. the commit: the journal is emptied, unsynced.
    func change(_ patches: [Patch], newLength: Int, checksum: UInt64, fingerprint: [UInt8]?,
                _ change: () throws -> Void) throws {
        // The record names this file's generation.
        let start = patches[0].position
        let record = JournalRecord(generation: FileGeneration(of: file, status), originalLength: size, newLength: newLength,
                                   fingerprint: try fingerprint ?? file.bytes(in: Swift.max(0, start - Self.fingerprintLength)..<start),
                                   patches: patches, newChecksum: checksum)
        try journal.write(record, mode: status.permissions)
        Failpoints.check(.journal)
        do {
            try change()
            try file.dataSync()
        } catch {
            // Put the old bytes back at once (a full disk, say); if even that fails, the record
            // stays and the next access to the file rolls it back.
            if (try? record.rollBack(file)) != nil { try? journal.clear() }
            throw error
        }
        Failpoints.check(.data)
        journal.commit()
    }
}
