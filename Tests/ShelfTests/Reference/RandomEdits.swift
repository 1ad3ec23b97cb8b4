/// Random damage to valid documents and random cuts into pieces, for the differential tests
/// (validator, look-ahead, coder), drawn from each test's own seeded generator (`next(n)`: a
/// number below n) so that a failure replays.
enum RandomEdits {
    /// `count` edits of `bytes`: each inserts, removes or replaces a byte (one of `alphabet`), or
    /// cuts the rest off; one that leaves nothing leaves a blank.
    static func apply(_ count: Int, to bytes: [UInt8], alphabet: [UInt8], next: (Int) -> Int) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<count {
            let at = next(bytes.count), byte = alphabet[next(alphabet.count)]
            switch next(4) {
            case 0: bytes.insert(byte, at: at)
            case 1: bytes.remove(at: at)
            case 2: bytes.removeSubrange(at...)
            default: bytes[at] = byte
            }
            if bytes.isEmpty { bytes = [0x20] }
        }
        return bytes
    }

    /// Where to cut `count` bytes into pieces of 1 to `maxPiece` bytes.
    static func cuts(_ count: Int, maxPiece: Int, next: (Int) -> Int) -> [Int] {
        var cuts: [Int] = [], at = 0
        while true {
            at += 1 + next(maxPiece)
            if at >= count { return cuts }
            cuts.append(at)
        }
    }
}
