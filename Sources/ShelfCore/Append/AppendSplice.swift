/// The in-place changes of an append, each made all-or-nothing by the lock layer's journaled
/// change at the cost of two syncs (`LockedFile.change`).
extension LockedFile {
    /// One in-place append: `prefix` and the spooled items are written at `offset` of the file,
    /// and its old bytes from `offset` on (for an array, the closing bracket and the blanks around
    /// it, at most `ArrayBlanks.limit` on each side; for JSON Lines and raw files, nothing) are
    /// written again after them.
    /// - Parameter fingerprint: the bytes just before `offset`, when the caller has read them.
    func insert(_ prefix: [UInt8], _ spool: Spool, at offset: Int, fingerprint: [UInt8]? = nil) throws {
        // A sparse file may claim nearly Int64.max bytes: what would not fit is refused as the
        // kernel would refuse it (EFBIG), before anything is written (issue 12, item 9).
        let (grown, overflow) = size.addingReportingOverflow(prefix.count + spool.count)
        if overflow || grown > Int(Int64.max) { throw ShelfError.system(.fileTooLarge, path: file.path, operation: .append) }
        let tail = offset < size ? try file.bytes(in: offset..<size) : []
        var sum = Checksum64()
        sum.update(prefix)
        try spool.checksum(into: &sum)
        sum.update(tail)
        let newCount = prefix.count + spool.count + tail.count
        var head = Array(prefix.prefix(LockedFile.headLength))
        if head.count < LockedFile.headLength {
            head += try spool.bytes(0..<Swift.min(spool.count, LockedFile.headLength - head.count))
        }
        if head.count < LockedFile.headLength { head += tail.prefix(LockedFile.headLength - head.count) }
        let patch = LockedFile.Patch(position: offset, old: tail, newCount: newCount, newHead: head)
        try change([patch], newLength: offset + newCount, checksum: sum.value, fingerprint: fingerprint) {
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
        var patches: [LockedFile.Patch] = []
        var sum = Checksum64()
        for change in changes {
            let old = try file.bytes(in: change.position..<(change.position + 1))
            patches.append(LockedFile.Patch(position: change.position, old: old, newCount: 1, newHead: [change.byte]))
            sum.update([change.byte])
        }
        try change(patches, newLength: size, checksum: sum.value, fingerprint: nil) {
            for change in changes { try file.writeAll(toAbsoluteOffset: change.position, [change.byte]) }
        }
    }
}
