/// The journal on disk: a magic line, seven little-endian 64-bit numbers, the tail, the
/// fingerprint and a checksum of everything before it. A crash while the journal itself is being
/// written leaves a short or mismatching file, which decodes as nil: the data file was not yet
/// touched then, so such a journal is simply deleted.
extension AppendJournal {
    private static let magicBytes = Array("SHELFJ1\n".utf8)

    func encoded() -> [UInt8] {
        var bytes = AppendJournal.magicBytes
        for number in [UInt64(identity.device), UInt64(identity.inode), UInt64(originalLength), UInt64(offset),
                       UInt64(tail.count), UInt64(fingerprint.count)] {
            AppendJournal.put(number, into: &bytes)
        }
        bytes += tail
        bytes += fingerprint
        AppendJournal.put(AppendJournal.checksum(bytes[...]), into: &bytes)
        return bytes
    }

    init?(decoding bytes: [UInt8]) {
        let header = AppendJournal.magicBytes.count + 6 * 8
        guard bytes.count >= header + 8, Array(bytes.prefix(AppendJournal.magicBytes.count)) == AppendJournal.magicBytes else { return nil }
        let body = bytes[..<(bytes.count - 8)]
        guard AppendJournal.number(in: bytes, at: bytes.count - 8) == AppendJournal.checksum(body) else { return nil }
        let numbers = (0..<6).map { AppendJournal.number(in: bytes, at: AppendJournal.magicBytes.count + 8 * $0) }
        let tailCount = Int(clamping: numbers[4]), fingerprintCount = Int(clamping: numbers[5])
        guard header + tailCount + fingerprintCount + 8 == bytes.count, fingerprintCount <= Int(numbers[3]) else { return nil }
        identity = FileIdentity(device: UInt(numbers[0]), inode: UInt(numbers[1]))
        originalLength = Int(clamping: numbers[2])
        offset = Int(clamping: numbers[3])
        tail = Array(bytes[header..<(header + tailCount)])
        fingerprint = Array(bytes[(header + tailCount)..<(header + tailCount + fingerprintCount)])
        guard offset + tail.count == originalLength else { return nil }
    }

    private static func put(_ number: UInt64, into bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    private static func number(in bytes: [UInt8], at index: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[index + $1]) << UInt64(8 * $1) }
    }

    /// FNV-1a, 64 bits: enough to tell a complete journal from a torn one.
    private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
