/// One record of the append journal (docs/formats.md, "The journal and recovery"). Before an
/// in-place append changes a single byte of the stored file it writes, durably, into the file's
/// journal (`JournalFile`): the file's generation, its length, the bytes each change overwrites
/// (for an array: the closing bracket and the blanks around it), the first new bytes of each, the
/// length the file will have, and a checksum of every byte it will write. When those bytes are
/// durable the journal is emptied, with no sync: the commit.
///
/// So a record found later belongs either to an append that did not finish (the file is rolled
/// back to exactly its old bytes) or to one that finished but whose emptying was lost in a power
/// failure (the file already holds exactly the promised bytes: it is kept), or to neither: to an
/// earlier file of that name, or to this file changed since by another program. Those are told
/// apart by what the file is now, and left alone.
struct JournalRecord: Equatable {
    /// How many bytes before the first change are kept to recognise the file on recovery.
    static let fingerprintLength = 64
    /// How many of each change's first new bytes are kept (see `Patch.newHead`).
    static let headLength = 64

    /// One run of bytes the append overwrites, at `position`.
    struct Patch: Equatable {
        var position: Int
        /// The bytes there before, written back by a rollback.
        var old: [UInt8]
        /// How many bytes the append writes from `position`.
        var newCount: Int
        /// The first of those bytes (at most `headLength`). An interrupted append can only have
        /// left, at each of these places, the new byte, the old one or a zero (a block the disk
        /// never got); anything else was written by someone else, and the record is not this file's.
        var newHead: [UInt8]
    }

    /// The file the record was written for.
    var generation: FileGeneration
    var originalLength: Int
    /// The file's length once the append is complete.
    var newLength: Int
    /// The bytes just before the first patch, which an append never changes.
    var fingerprint: [UInt8]
    /// In file order, not overlapping; one for an append (from the insertion point to the end),
    /// two for moving the closing bracket (`ArrayBlanks`).
    var patches: [Patch]
    /// `Checksum64` of the new bytes of every patch, in order, once the append is complete.
    var newChecksum: UInt64

    /// What a record says about the file it is checked against.
    enum Verdict: Equatable {
        /// Another file, or this one changed since in a way no append can leave it: the record is
        /// stale and the file is left alone.
        case unrelated
        /// The append finished; only emptying the journal was lost.
        case complete
        /// The append did not finish: roll back.
        case interrupted
    }

    /// Compares the record with `file` (whose `fstat` is `st`), reading only the fingerprint, the
    /// heads and, when the length matches, the new bytes.
    func verdict(on file: FileDescriptor, _ st: FileStatus) throws -> Verdict {
        let size = Int(clamping: st.size)
        // An append only ever grows its file from `originalLength` to `newLength`; a rollback cuts
        // it back to `originalLength`. Any other length means the record is not about this file.
        guard size >= originalLength, size <= newLength, generation.isGeneration(FileGeneration(of: file, st), of: file),
              let first = patches.first,
              try file.bytes(in: (first.position - fingerprint.count)..<first.position) == fingerprint,
              try patches.allSatisfy({ try heads($0, in: file, size: size) }) else { return .unrelated }
        guard size == newLength else { return .interrupted }
        var sum = Checksum64()
        for patch in patches { try JournalRecord.checksum(of: file, in: patch.position..<(patch.position + patch.newCount), into: &sum) }
        return sum.value == newChecksum ? .complete : .interrupted
    }

    /// Whether the bytes at the start of `patch` are what an interrupted append may leave there.
    private func heads(_ patch: Patch, in file: FileDescriptor, size: Int) throws -> Bool {
        let end = Swift.min(size, patch.position + patch.newHead.count)
        guard patch.position < end else { return true }
        let now = try file.bytes(in: patch.position..<end)
        return now.indices.allSatisfy { i in
            now[i] == patch.newHead[i] || now[i] == 0 || (i < patch.old.count && now[i] == patch.old[i])
        }
    }

    /// Puts the old bytes back, cuts the file to its old length and makes that durable.
    /// (Crash point `.rollback`: after the bytes are back, before the file is cut.)
    func rollBack(_ file: FileDescriptor) throws {
        for patch in patches.reversed() { try file.writeAll(toAbsoluteOffset: patch.position, patch.old) }
        Failpoints.check(.rollback)
        try file.resize(to: originalLength)
        try file.dataSync()
    }

    /// Adds the bytes of `range` of `file` to `sum`, read through a fixed buffer.
    static func checksum(of file: FileDescriptor, in range: Range<Int>, into sum: inout Checksum64) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.min(streamBufferSize, Swift.max(range.count, 1)), alignment: 16)
        defer { buffer.deallocate() }
        var done = 0
        while done < range.count {
            let want = UnsafeMutableRawBufferPointer(rebasing: buffer[..<Swift.min(buffer.count, range.count - done)])
            let n = try file.read(fromAbsoluteOffset: range.lowerBound + done, into: want)
            sum.update(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
            done += n
            if n < want.count { break }
        }
    }
}
