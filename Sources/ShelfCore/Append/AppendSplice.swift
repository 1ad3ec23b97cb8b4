/// One in-place append: `prefix` and the spooled items are written at `offset` of the locked
/// file, and its old bytes from `offset` on (for an array, the closing bracket and the blanks
/// around it; for JSON Lines and raw files, nothing) are written again after them. The journal
/// makes it all-or-nothing at the cost of two syncs; see `AppendJournal`.
struct AppendSplice {
    let locked: LockedAppendFile
    let failpoints: Failpoints

    /// - Parameter fingerprint: the bytes just before `offset`, when the caller has read them.
    func insert(_ prefix: [UInt8], _ spool: Spool, at offset: Int, fingerprint: [UInt8]? = nil) throws {
        let file = locked.file
        // A sparse file may claim nearly Int64.max bytes: what would not fit is refused as the
        // kernel would refuse it (EFBIG), before anything is written (issue 12, item 9).
        let (grown, overflow) = locked.size.addingReportingOverflow(prefix.count + spool.count)
        if overflow || grown > Int(Int64.max) { throw ShelfError.system(.fileTooLarge, path: file.path, operation: "append") }
        let tail = offset < locked.size ? try file.bytes(in: offset..<locked.size) : []
        let fingerprintStart = Swift.max(0, offset - AppendJournal.fingerprintLength)
        var sum = Checksum64()
        sum.update(prefix)
        try spool.checksum(into: &sum)
        sum.update(tail)
        let journal = AppendJournal(identity: FileIdentity(locked.status), originalLength: locked.size, offset: offset, tail: tail,
                                    fingerprint: try fingerprint ?? file.bytes(in: fingerprintStart..<offset),
                                    newLength: offset + prefix.count + spool.count + tail.count, newChecksum: sum.value)
        // 1. The record is durable before any data byte changes.
        try locked.journal.write(journal, mode: locked.status.permissions, failpoints: failpoints)
        failpoints.check(.journal)
        do {
            if failpoints.contains(.partialData) {
                // Half the new bytes and no tail: what a crash in mid-write leaves.
                try file.writeAll(toAbsoluteOffset: offset, prefix)
                try spool.copy(0..<(spool.count / 2), to: file, at: offset + prefix.count)
                failpoints.crash()
            }
            // 2. The new bytes and the old tail (one write when the items are in memory), then
            // one sync, which covers the new length.
            if let items = spool.bytesInMemory {
                try file.writeAll(toAbsoluteOffset: offset, prefix + items + tail)
            } else {
                try file.writeAll(toAbsoluteOffset: offset, prefix)
                try spool.copyAll(to: file, at: offset + prefix.count)
                try file.writeAll(toAbsoluteOffset: offset + prefix.count + spool.count, tail)
            }
            try file.dataSync()
        } catch {
            // Put the old bytes back at once (a full disk, say); if even that fails, the record
            // stays and the next access to the file rolls it back.
            if (try? journal.rollBack(file)) != nil { try? locked.journal.clear() }
            throw error
        }
        failpoints.check(.data)
        // 3. The commit: empty the journal, without a sync.
        locked.journal.commit()
    }
}
