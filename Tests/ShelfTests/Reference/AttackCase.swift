@testable import ShelfCore

/// One attack: bytes, how they are cut (empty pieces included: a `consume` of nothing must change
/// nothing), the mode and the depth limit; `mismatch` runs the block path against the token path.
struct AttackCase {
    var bytes: [UInt8]
    var pieces: [Range<Int>]
    var mode: JSONValidator.Mode
    var maxDepth: Int

    static func make(_ random: inout AttackRandom) -> AttackCase {
        let mode: JSONValidator.Mode = random.chance(0.25) ? .lines : .single
        var generator = AttackGenerator(random: random, mode: mode)
        var bytes = generator.document()
        random = generator.random
        if random.chance(0.75) { bytes = mutate(bytes, &random) }
        let maxDepth = random.chance(0.6) ? 10_000_000 : random.pick([1, 2, 3, 62, 63, 64, 65, 66, 67, 126, 127, 128, 129, 130, 131])
        return AttackCase(bytes: bytes, pieces: cut(bytes, &random), mode: mode, maxDepth: maxDepth)
    }

    /// One to four kinds of damage: flips, insertions, deletions of structural bytes, `]`/`}` swaps, truncation.
    static func mutate(_ original: [UInt8], _ random: inout AttackRandom) -> [UInt8] {
        var bytes = original
        let interesting: [UInt8] = Array("[]{},:\"\\ 0-+.eE1tfn\t\r\n".utf8) + [0x00, 0x0B, 0x0C, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]
        for _ in 0..<(1 + random.below(random.chance(0.8) ? 1 : 4)) where !bytes.isEmpty {
            let at = random.below(bytes.count)
            switch random.below(8) {
            case 0: bytes[at] ^= UInt8(1) << UInt8(random.below(8))
            case 1: bytes[at] = random.pick(interesting)
            case 2: bytes.insert(random.pick(interesting), at: at)
            case 3, 4:
                let structural = bytes.indices.filter { "[]{},:\"".utf8.contains(bytes[$0]) }
                if !structural.isEmpty { bytes.remove(at: random.pick(structural)) }
            case 5:
                let closes = bytes.indices.filter { bytes[$0] == Byte.closeBracket || bytes[$0] == Byte.closeBrace }
                if let close = closes.isEmpty ? nil : random.pick(closes) { bytes[close] ^= Byte.closeBracket ^ Byte.closeBrace }
            case 6: bytes.removeSubrange(at...)
            default: bytes.remove(at: at)
            }
        }
        return bytes
    }

    /// Pieces of every size: whole, random sizes up to 200 KiB, exactly 63 to 137 bytes, cuts
    /// at or next to structural bytes and multiples of 64, stretches of single bytes.
    static func cut(_ bytes: [UInt8], _ random: inout AttackRandom) -> [Range<Int>] {
        var cuts: [Int] = []
        let count = bytes.count
        switch random.below(7) {
        case 0: break
        case 1:
            let largest = random.pick([8, 70, 300, 5000, 200 << 10])
            var at = 0
            while true { at += 1 + random.below(largest); if at >= count { break }; cuts.append(at) }
        case 2:
            let size = random.pick([63, 64, 65, 71, 72, 73, 127, 128, 129, 135, 136, 137, 200])
            cuts = Array(stride(from: size, to: count, by: size))
        case 3:
            let structural = bytes.indices.filter { "[]{},:".utf8.contains(bytes[$0]) }
            for _ in 0..<(1 + random.below(6)) where !structural.isEmpty { cuts.append(random.pick(structural) + random.below(3) - 1) }
        case 4:
            for _ in 0..<(1 + random.below(6)) { cuts.append(64 * random.below(count / 64 + 1) + random.below(5) - 2) }
        case 5:
            let start = random.below(count + 1)
            cuts = Array(start..<min(count, start + random.below(150)))
        default:
            for _ in 0..<(1 + random.below(4)) { cuts.append(random.below(count + 1)) }
        }
        var pieces: [Range<Int>] = [], start = 0
        for cut in Set(cuts).sorted() where cut > start && cut < count {
            pieces.append(start..<cut)
            if random.chance(0.05) { pieces.append(cut..<cut) }
            start = cut
        }
        pieces.append(start..<count)
        return pieces
    }

    static func outcome(_ bytes: [UInt8], pieces: [Range<Int>], mode: JSONValidator.Mode, maxDepth: Int,
                        blocks: Bool, events: Bool) -> ValidatorOutcome {
        var validator = JSONValidator(mode: mode, maxDepth: maxDepth)
        validator.blockChoice = BlockPathChoice(fixed: blocks)
        return ValidatorComparison.run(validator, bytes, pieces, events: events)
    }

    /// nil when the block path (with events, and as a caller without events) agrees with the token path.
    func mismatch() -> String? {
        let tokens = Self.outcome(bytes, pieces: pieces, mode: mode, maxDepth: maxDepth, blocks: false, events: true)
        let blocks = Self.outcome(bytes, pieces: pieces, mode: mode, maxDepth: maxDepth, blocks: true, events: true)
        if blocks != tokens { return "with events:\n  blocks: \(blocks)\n  tokens: \(tokens)" }
        var quiet = Self.outcome(bytes, pieces: pieces, mode: mode, maxDepth: maxDepth, blocks: true, events: false)
        quiet.events = tokens.events
        if quiet != tokens { return "without events:\n  blocks: \(quiet)\n  tokens: \(tokens)" }
        // The shipped, timed choice switches paths between the trials of pieces of 16 KiB and more.
        if pieces.contains(where: { $0.count >= BlockPathChoice.shortestTimed }) {
            let timed = ValidatorComparison.run(JSONValidator(mode: mode, maxDepth: maxDepth), bytes, pieces)
            if timed != tokens { return "timed choice:\n  timed: \(timed)\n  tokens: \(tokens)" }
        }
        return nil
    }

    /// The case with as many bytes taken out as keep it failing (the cuts move with the bytes).
    func minimized() -> AttackCase {
        var best = self
        var width = max(bytes.count / 2, 1)
        while width >= 1 {
            var at = 0
            while at < best.bytes.count {
                let candidate = best.removing(at..<min(at + width, best.bytes.count))
                if candidate.mismatch() != nil { best = candidate } else { at += width }
            }
            width /= 2
        }
        return best
    }

    func removing(_ range: Range<Int>) -> AttackCase {
        var copy = self
        copy.bytes.removeSubrange(range)
        let shift = { (at: Int) in at >= range.upperBound ? at - range.count : min(at, range.lowerBound) }
        copy.pieces = pieces.map { shift($0.lowerBound)..<shift($0.upperBound) }
        return copy
    }

    func describe() -> String {
        let sizes = pieces.map(\.count)
        return "mode \(mode), maxDepth \(maxDepth), \(bytes.count) bytes, pieces \(sizes.count <= 40 ? "\(sizes)" : "\(sizes.prefix(40))…") "
            + Self.show(bytes)
    }

    static func show(_ bytes: [UInt8]) -> String {
        let text = bytes.prefix(2000).map { $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }
        return "bytes: \(text.joined())"
    }
}
