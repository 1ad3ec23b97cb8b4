/// A small, fast, seedable generator (SplitMix64): the same seed gives the same runs, so any
/// failure the battery prints can be replayed with `--seed`.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A generator for one scenario: its own stream, independent of which scenarios run before
    /// it, so `--only crash --seed N` replays exactly what the full battery did.
    init(seed: UInt64, scenario: String) { state = seed ^ SeededRandom.fnv1a(Array(scenario.utf8)) }

    /// FNV-1a: stable across runs, unlike Hasher. `hash`: the sum of the bytes before these, so
    /// that a long input can be summed piece by piece.
    static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        bytes.reduce(hash) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    mutating func bytes(_ count: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(count)
        while out.count < count {
            var word = next()
            for _ in 0..<min(8, count - out.count) {
                out.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return out
    }

    /// Printable ASCII of the given length (what most test content is made of).
    mutating func text(_ count: Int) -> [UInt8] {
        bytes(count).map { 0x20 + $0 % 95 }
    }
}
