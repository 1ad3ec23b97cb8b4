/// A record on disk (the third format, `SHELFJ3`): a magic line, ten little-endian 64-bit
/// numbers, the handle, the fingerprint, each patch (three numbers, its old bytes and its new
/// head), and a `Checksum64` of everything before it. The record says how long it is, and
/// bytes after it are ignored: the journal is emptied without a sync, so after a power failure
/// an older, longer record may show behind a newer one. A crash while a record is being written
/// leaves a short or mismatching one, which decodes as damaged: the data file was not yet touched.
///
/// Nothing a record holds is trusted before it is checked: a journal can be hand-edited, sparse
/// or garbage. Every count and offset is bounded (`maxOffset`, `maxOldBytes`, …) before any
/// arithmetic, so no value can trap, and a journal is never read past `readLimit`.
extension JournalRecord {
    static let magic = Array("SHELFJ3\n".utf8)
    /// Far above any real file (ext4 stops at 16 TiB) and far below overflow: sums of a few fit.
    static let maxOffset = 1 << 60
    /// The old bytes of one patch: an array's tail is at most `ArrayBlanks.limit` blanks on each
    /// side of its bracket (more are normalised first), so this is never reached by an append.
    static let maxOldBytes = 16 << 10
    /// No record shelf writes is longer (the handle, the fingerprint, two patches of `maxOldBytes`).
    static let readLimit = 64 << 10

    /// What the bytes at the start of a journal are.
    enum Decoded: Equatable {
        case record(JournalRecord)
        /// Torn, garbage or inconsistent: no append wrote it whole, so none changed the file after it.
        case damaged
    }

    func encoded() -> [UInt8] {
        var bytes = JournalRecord.magic
        let birth = generation.birth
        for number in [generation.identity.device, generation.identity.inode,
                       UInt64(bitPattern: birth?.seconds ?? 0), birth.map { UInt64(bitPattern: $0.nanoseconds) } ?? UInt64.max,
                       UInt64(generation.handle.count), UInt64(originalLength), UInt64(newLength),
                       UInt64(fingerprint.count), UInt64(patches.count), newChecksum] {
            JournalRecord.put(number, into: &bytes)
        }
        bytes += generation.handle
        bytes += fingerprint
        for patch in patches {
            for number in [patch.position, patch.old.count, patch.newCount] { JournalRecord.put(UInt64(number), into: &bytes) }
            bytes += patch.old
            bytes += patch.newHead
        }
        JournalRecord.put(Checksum64.of(bytes), into: &bytes)
        return bytes
    }

    /// Decodes the record at the start of `bytes`, the first `readLimit` bytes (or fewer) of a
    /// journal. Anything but a whole record of this format is damage.
    static func decode(_ bytes: [UInt8]) -> Decoded {
        record(in: bytes).map(Decoded.record) ?? .damaged
    }

    private static func record(in bytes: [UInt8]) -> JournalRecord? {
        guard Array(bytes.prefix(magic.count)) == magic else { return nil }
        var reader = RecordReader(bytes: bytes, offset: magic.count)
        guard let numbers = reader.numbers(10) else { return nil }
        let (handleCount, originalLength, newLength, fingerprintCount, patchCount) =
            (numbers[4], numbers[5], numbers[6], numbers[7], numbers[8])
        guard handleCount <= UInt64(FileGeneration.maxHandleCount), fingerprintCount <= UInt64(fingerprintLength),
              (1...2).contains(patchCount), originalLength <= newLength, newLength <= UInt64(maxOffset),
              let handle = reader.bytes(Int(handleCount)), let fingerprint = reader.bytes(Int(fingerprintCount)) else { return nil }
        let birth = numbers[3] == UInt64.max ? nil : FileTime(seconds: Int64(bitPattern: numbers[2]), nanoseconds: Int64(bitPattern: numbers[3]))
        var patches: [Patch] = []
        var end = 0
        for _ in 0..<patchCount {
            guard let header = reader.numbers(3), header[0] <= newLength, header[1] <= UInt64(maxOldBytes), header[2] <= newLength else { return nil }
            let position = Int(header[0]), oldCount = Int(header[1]), newCount = Int(header[2])
            // Each patch lies inside both the old and the new file, after the one before it.
            guard position >= end, position + oldCount <= Int(originalLength), position + newCount <= Int(newLength),
                  let old = reader.bytes(oldCount), let head = reader.bytes(Swift.min(headLength, newCount)) else { return nil }
            patches.append(Patch(position: position, old: old, newCount: newCount, newHead: head))
            end = position + Swift.max(oldCount, newCount)
        }
        let length = reader.offset
        guard Int(fingerprintCount) <= patches[0].position, let sum = reader.numbers(1), sum[0] == Checksum64.of(Array(bytes[..<length])) else { return nil }
        return JournalRecord(generation: FileGeneration(identity: FileIdentity(device: numbers[0], inode: numbers[1]), birth: birth, handle: handle),
                             originalLength: Int(originalLength), newLength: Int(newLength), fingerprint: fingerprint,
                             patches: patches, newChecksum: numbers[9])
    }

    static func put(_ number: UInt64, into bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }
}

/// Reads numbers and runs of bytes from the front of a record, answering nil past its end.
struct RecordReader {
    let bytes: [UInt8]
    var offset: Int

    mutating func numbers(_ count: Int) -> [UInt64]? {
        guard bytes.count - offset >= 8 * count else { return nil }
        let numbers = (0..<count).map { n in
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + 8 * n + $1]) << UInt64(8 * $1) }
        }
        offset += 8 * count
        return numbers
    }

    /// `count` must already be bounded by the caller (it is compared with what is left, not allocated first).
    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }
}
