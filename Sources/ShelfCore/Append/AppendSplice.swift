/// One in-place append: `prefix` and the spooled items are written at `offset` of the locked
/// file, and its old bytes from `offset` on (for an array, the closing bracket and the blanks
/// around it, at most `ArrayBlanks.limit` on each side; for JSON Lines and raw files, nothing)
/// are written again after them. The journal makes it all-or-nothing at the cost of two syncs;
/// see `AppendJournal`.
struct AppendSplice {
    let locked: LockedAppendFile

    /// - Parameter fingerprint: the bytes just before `offset`, when the caller has read them.
    func insert(_ prefix: [UInt8], _ spool: Spool, at offset: Int, fingerprint: [UInt8]? = nil) throws {
        let file = locked.file
        // A sparse file may claim nearly Int64.max bytes: what would not fit is refused as the
        // kernel would refuse it (EFBIG), before anything is written (issue 12, item 9).
        let (grown, overflow) = locked.size.addingReportingOverflow(prefix.count + spool.count)
        if overflow || grown > Int(Int64.max) { throw ShelfError.system(.fileTooLarge, path: file.path, operation: .append) }
        let tail = offset < locked.size ? try file.bytes(in: offset..<locked.size) : []
        var sum = Checksum64()
        sum.update(prefix)
        try spool.checksum(into: &sum)
        sum.update(tail)
        let newCount = prefix.count + spool.count + tail.count
        var head = Array(prefix.prefix(AppendJournal.headLength))
        if head.count < AppendJournal.headLength {
            head += try spool.bytes(0..<Swift.min(spool.count, AppendJournal.headLength - head.count))
        }
        if head.count < AppendJournal.headLength { head += tail.prefix(AppendJournal.headLength - head.count) }
        let patch = AppendJournal.Patch(position: offset, old: tail, newCount: newCount, newHead: head)
        let journal = try record(patches: [patch], newLength: offset + newCount, checksum: sum.value, fingerprint: fingerprint)
        try journaled(journal) {
            if Failpoints.contains(.partialData) {
                // Half the new bytes and no tail: what a crash in mid-write leaves.
                try file.writeAll(toAbsoluteOffset: offset, prefix)
                try spool.copy(0..<(spool.count / 2), to: file, at: offset + prefix.count)
                Failpoints.crash()
            }
            // The new bytes and the old tail (one write when the items are in memory).
            if let items = spool.bytesInMemory {
                try file.writeAll(toAbsoluteOffset: offset, prefix + items + tail)
            } else {
                try file.writeAll(toAbsoluteOffset: offset, prefix)
                try spool.copyAll(to: file, at: offset + prefix.count)
                try file.writeAll(toAbsoluteOffset: offset + prefix.count + spool.count, tail)
            }
        }
    }

    /// Overwrites single bytes in place, all or none (the file's length does not change).
    func overwrite(_ changes: [(position: Int, byte: UInt8)]) throws {
        let file = locked.file
        var patches: [AppendJournal.Patch] = []
        var sum = Checksum64()
        for change in changes {
            let old = try file.bytes(in: change.position..<(change.position + 1))
            patches.append(AppendJournal.Patch(position: change.position, old: old, newCount: 1, newHead: [change.byte]))
            sum.update([change.byte])
        }
        let journal = try record(patches: patches, newLength: locked.size, checksum: sum.value, fingerprint: nil)
        try journaled(journal) {
            for change in changes { try file.writeAll(toAbsoluteOffset: change.position, [change.byte]) }
        }
    }

    /// The record for `patches`, naming this file's generation.
    private func record(patches: [AppendJournal.Patch], newLength: Int, checksum: UInt64, fingerprint: [UInt8]?) throws -> AppendJournal {
        let start = patches[0].position
        let fingerprintStart = Swift.max(0, start - AppendJournal.fingerprintLength)
        return AppendJournal(generation: FileGeneration(of: locked.file, locked.status), originalLength: locked.size, newLength: newLength,
                             fingerprint: try fingerprint ?? locked.file.bytes(in: fingerprintStart..<start), patches: patches,
                             newChecksum: checksum)
    }

    /// 1. The record is durable before any data byte changes; 2. `change` changes the data, and one
    /// sync makes it durable (with the new length); 3. the commit: the journal is emptied, unsynced.
    private func journaled(_ journal: AppendJournal, change: () throws -> Void) throws {
        try locked.journal.write(journal, mode: locked.status.permissions)
        Failpoints.check(.journal)
        do {
            try change()
            try locked.file.dataSync()
        } catch {
            // Put the old bytes back at once (a full disk, say); if even that fails, the record
            // stays and the next access to the file rolls it back.
            if (try? journal.rollBack(locked.file)) != nil { try? locked.journal.clear() }
            throw error
        }
        Failpoints.check(.data)
        locked.journal.commit()
    }
}
