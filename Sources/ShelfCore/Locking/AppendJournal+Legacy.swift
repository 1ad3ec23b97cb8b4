/// Records of the earlier formats, which a crash of an earlier version may have left behind: a
/// magic line (`SHELFJ1` or `SHELFJ2`), six or eight little-endian 64-bit numbers (device, inode,
/// old length, offset, tail length, fingerprint length, and in the second format the new length
/// and its checksum), the tail, the fingerprint and an FNV-1a checksum. They name no generation,
/// so they are settled only against a file born before the journal was last written
/// (`AppendJournal.verdict`), and they lie in the old places (`JournalName.Legacy`).
extension AppendJournal {
    private static let secondMagic = Array("SHELFJ2\n".utf8)
    private static let firstMagic = Array("SHELFJ1\n".utf8)

    static func decodeLegacy(_ bytes: [UInt8], journalSize size: Int) -> Decoded {
        let prefix = Array(bytes.prefix(magic.count))
        let count = prefix == secondMagic ? 8 : prefix == firstMagic ? 6 : 0
        var reader = RecordReader(bytes: bytes, at: magic.count)
        // The lengths and offsets (not the checksum) are bounded before any sum is made of them.
        guard count > 0, let numbers = reader.numbers(count),
              numbers[2...(count == 8 ? 6 : 5)].allSatisfy({ $0 <= UInt64(maxOffset) }) else { return .damaged }
        let (originalLength, offset, tailCount, fingerprintCount) = (Int(numbers[2]), Int(numbers[3]), Int(numbers[4]), Int(numbers[5]))
        let newLength = count == 8 ? Int(numbers[6]) : nil
        guard offset + tailCount == originalLength, fingerprintCount <= offset, fingerprintCount <= fingerprintLength,
              (newLength ?? originalLength) >= originalLength else { return .damaged }
        let length = reader.offset + tailCount + fingerprintCount + 8
        if length > bytes.count {
            // Within the journal but past what is read: that version's whole tail (huge blanks).
            return length <= size ? .tooLarge(FileIdentity(device: numbers[0], inode: numbers[1]), length: length) : .damaged
        }
        guard let tail = reader.bytes(tailCount), let fingerprint = reader.bytes(fingerprintCount),
              let sum = reader.numbers(1), sum[0] == fnv(bytes[..<(length - 8)]) else { return .damaged }
        let newCount = newLength.map { $0 - offset } ?? tailCount
        return .record(AppendJournal(generation: FileGeneration(identity: FileIdentity(device: numbers[0], inode: numbers[1]), birth: nil, handle: []),
                                     originalLength: originalLength, newLength: newLength, fingerprint: fingerprint,
                                     patches: [Patch(position: offset, old: tail, newCount: newCount, newHead: [])],
                                     newChecksum: count == 8 ? numbers[7] : 0, legacy: true))
    }
}
