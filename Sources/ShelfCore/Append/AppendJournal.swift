/// One record of the append journal (docs/formats.md, "The journal and recovery"). Before an
/// in-place append changes a single byte of the stored file it writes, durably, into the file's
/// journal (`JournalFile`): the file's identity, its length, the insertion offset, the old bytes
/// from there to the end (for a JSON array: the closing bracket and the blanks around it), the
/// length the file will have, and a checksum of the bytes it will hold from the offset on. When
/// those bytes are durable the journal is emptied, with no sync: the commit.
///
/// So a record found later belongs either to an append that did not finish (the file is rolled
/// back to exactly its old bytes) or to one that finished but whose emptying was lost in a power
/// failure (the file already holds exactly the promised bytes: it is kept).
package struct AppendJournal: Equatable {
    /// How many bytes before the insertion offset are kept to recognise the file on recovery.
    static let fingerprintLength = 64

    var identity: FileIdentity
    var originalLength: Int
    var offset: Int
    /// The old bytes `offset..<originalLength`, written again after the new ones.
    var tail: [UInt8]
    /// The bytes just before `offset`, which an append never changes: if they differ on recovery,
    /// the record is not about this file (an inode number reused after a removal) and is dropped.
    var fingerprint: [UInt8]
    /// The file's length once the append is complete; nil in a record of the first format, which
    /// was deleted at the commit and so always meant an unfinished append.
    var newLength: Int?
    /// `Checksum64` of the file's bytes `offset..<newLength` once the append is complete.
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

    /// Compares the record with `file` (whose `fstat` is `st`), reading only the fingerprint and,
    /// when the length matches, the new bytes.
    func verdict(on file: FileDescriptor, _ st: FileStatus) throws -> Verdict {
        let size = Int(st.size)
        // An append only ever grows its file from `originalLength` to `newLength`; a rollback cuts
        // it back to `originalLength`. Any other length means the record is not about this file.
        guard FileIdentity(st) == identity, size >= originalLength, size <= newLength ?? Int.max,
              try file.bytes(in: (offset - fingerprint.count)..<offset) == fingerprint else { return .unrelated }
        guard let newLength, size == newLength else { return .interrupted }
        return try AppendJournal.checksum(of: file, in: offset..<newLength) == newChecksum ? .complete : .interrupted
    }

    /// Puts the old tail back, cuts the file to its old length and makes that durable.
    /// - Parameter failpoints: `.rollback` dies after the tail is back, before the file is cut.
    func rollBack(_ file: FileDescriptor, failpoints: Failpoints = .none) throws {
        try file.writeAll(toAbsoluteOffset: offset, tail)
        failpoints.check(.rollback)
        try file.resize(to: originalLength)
        try file.dataSync()
    }

    /// `Checksum64` of a byte range of `file`, read through a fixed buffer.
    static func checksum(of file: FileDescriptor, in range: Range<Int>) throws -> UInt64 {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.min(streamBufferSize, Swift.max(range.count, 1)), alignment: 16)
        defer { buffer.deallocate() }
        var sum = Checksum64()
        var done = 0
        while done < range.count {
            let want = UnsafeMutableRawBufferPointer(rebasing: buffer[..<Swift.min(buffer.count, range.count - done)])
            let n = try file.read(fromAbsoluteOffset: range.lowerBound + done, into: want)
            sum.update(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
            done += n
            if n < want.count { break }
        }
        return sum.value
    }
}
