/// A fingerprint of what a disk shows from its root: two crash images with the same one are the
/// same state for any program (names in name order, kinds, modes, bytes, times, attributes).
/// Inode numbers and unreachable inodes do not count.
extension Disk {
    func fingerprint() -> UInt64 {
        var hash = FNV64()
        visit(Disk.root, into: &hash, depth: 0)
        return hash.value
    }

    private func visit(_ number: Int, into hash: inout FNV64, depth: Int) {
        let node = self[entered(number)]
        hash.word(UInt64(node.mode))
        hash.word(UInt64(bitPattern: node.modified.seconds))
        for attribute in node.attributes.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
            hash.bytes(attribute.name)
            hash.bytes(attribute.value)
        }
        switch node.kind {
        case .file:
            hash.word(1)
            hash.bytes(node.data)
        case .symbolicLink:
            hash.word(2)
            hash.bytes(node.linkText)
        case .folder:
            hash.word(3)
            guard depth < 64 else { return }
            for entry in node.entries.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
                hash.bytes(entry.name)
                visit(entry.inode, into: &hash, depth: depth + 1)
            }
            hash.word(4)
        }
    }
}

/// FNV-1a, 64 bits: stable across runs and machines (Swift's `Hasher` is seeded per process).
struct FNV64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func byte(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    mutating func word(_ word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { byte(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }

    /// The length first, so that two lists of byte strings never run into each other.
    mutating func bytes(_ bytes: [UInt8]) {
        word(UInt64(bytes.count))
        for value in bytes { byte(value) }
    }
}
