/// A record on disk: a magic line, eight little-endian 64-bit numbers, the tail, the fingerprint
/// and an FNV-1a checksum of everything before it. The record says how long it is, and bytes
/// after it are ignored: the journal is emptied without a sync, so after a power failure an older,
/// longer record may show behind a newer one. A crash while a record is being written leaves a
/// short or mismatching one, which decodes as nil: the data file was not yet touched then.
///
/// Records of the first format (`SHELFJ1`, six numbers, no new length or checksum) are still
/// read: that format's journal was deleted at the commit, so one found means an unfinished append.
extension AppendJournal {
    private static let magic = Array("SHELFJ2\n".utf8)
    private static let firstMagic = Array("SHELFJ1\n".utf8)

    func encoded() -> [UInt8] {
        var bytes = AppendJournal.magic
        bytes.reserveCapacity(AppendJournal.magic.count + 9 * 8 + tail.count + fingerprint.count)
        for number in [identity.device, identity.inode, UInt64(originalLength), UInt64(offset),
                       UInt64(tail.count), UInt64(fingerprint.count), UInt64(newLength ?? 0), newChecksum] {
            AppendJournal.put(number, into: &bytes)
        }
        bytes += tail
        bytes += fingerprint
        AppendJournal.put(AppendJournal.checksum(bytes[...]), into: &bytes)
        return bytes
    }

    /// Decodes the record at the start of `bytes`; nil when it is torn or damaged.
    init?(decoding bytes: [UInt8]) {
        let prefix = Array(bytes.prefix(AppendJournal.magic.count))
        let count = prefix == AppendJournal.magic ? 8 : prefix == AppendJournal.firstMagic ? 6 : 0
        let header = AppendJournal.magic.count + count * 8
        guard count > 0, bytes.count >= header + 8 else { return nil }
        let numbers = (0..<count).map { AppendJournal.number(in: bytes, at: AppendJournal.magic.count + 8 * $0) }
        guard numbers[4] <= UInt64(bytes.count), numbers[5] <= UInt64(bytes.count) else { return nil }
        let tailCount = Int(numbers[4]), fingerprintCount = Int(numbers[5])
        let length = header + tailCount + fingerprintCount
        guard bytes.count >= length + 8,
              AppendJournal.number(in: bytes, at: length) == AppendJournal.checksum(bytes[..<length]) else { return nil }
        identity = FileIdentity(device: numbers[0], inode: numbers[1])
        originalLength = Int(clamping: numbers[2])
        offset = Int(clamping: numbers[3])
        tail = Array(bytes[header..<(header + tailCount)])
        fingerprint = Array(bytes[(header + tailCount)..<length])
        newLength = count == 8 ? Int(clamping: numbers[6]) : nil
        newChecksum = count == 8 ? numbers[7] : 0
        guard offset + tail.count == originalLength, fingerprint.count <= offset, (newLength ?? originalLength) >= originalLength else { return nil }
    }

    private static func put(_ number: UInt64, into bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    private static func number(in bytes: [UInt8], at index: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[index + $1]) << UInt64(8 * $1) }
    }

    /// FNV-1a, 64 bits: enough to tell a complete record from a torn one.
    private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
