/// A 64-bit checksum of a byte stream fed in pieces of any size, used by the append journal to
/// tell whether the bytes an append wrote all reached the disk. It is FNV-1a's step (xor, then
/// multiply by the FNV prime) applied to eight bytes at a time, each step followed by an
/// xor-shift so that high bits reach the low ones; the length is mixed in at the end.
///
/// Every step is invertible, so two streams of one length that differ in a single word (a torn
/// write, a block of zeros, an old sector) can never have the same sum. It guards against damage,
/// not against an adversary. Eight bytes per multiply: the sum of a large `--each` append costs
/// far less than writing it.
struct Checksum64 {
    private static let prime: UInt64 = 0x100_0000_01b3
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    /// Up to seven bytes waiting to complete a word, little-endian.
    private var carry: UInt64 = 0
    private var carryCount = 0
    private var length: UInt64 = 0

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var index = 0
        // A word begun by the last piece is completed first; whole words then go at once.
        while carryCount > 0 && index < bytes.count {
            add(bytes[index])
            index += 1
        }
        while index + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        for byte in bytes[index...] { add(byte) }
    }

    /// Adds one byte to the word being completed, mixing it in once it is whole.
    private mutating func add(_ byte: UInt8) {
        carry |= UInt64(byte) << UInt64(8 * carryCount)
        carryCount += 1
        guard carryCount == 8 else { return }
        mix(carry)
        (carry, carryCount) = (0, 0)
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The sum of everything given so far (the checksum can still be fed afterwards).
    var value: UInt64 {
        var copy = self
        if copy.carryCount > 0 { copy.mix(copy.carry) }
        copy.mix(copy.length)
        return copy.state
    }

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        state = (state ^ word) &* Checksum64.prime
        state ^= state >> 29
    }

    /// The sum of one buffer.
    static func of(_ bytes: [UInt8]) -> UInt64 {
        var sum = Checksum64()
        sum.update(bytes)
        return sum.value
    }
}
