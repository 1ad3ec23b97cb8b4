@testable import ShelfCore
@testable import shelf_crashsim

/// A seeded generator, so a failing case replays from its seed: the simulator's SplitMix64, with
/// the draws the attack makes (its own `below`, by remainder, so a seed makes the same cases as before).
struct AttackRandom {
    private var source: SplitMix
    init(seed: UInt64) { source = SplitMix(seed: seed) }

    mutating func next() -> UInt64 { source.next() }

    /// A number below `bound` (which must be positive).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ probability: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < probability }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Structurally valid JSON aimed at the block path: token-dense values, nesting that crosses the
/// 64-level word, every number spelling, strings with every escape, backslash runs, UTF-8 of one
/// to four bytes, and the four blanks. A few invalid pieces are planted directly (bad UTF-8,
/// control bytes, bad escapes and numbers) so that they stand where mutations seldom put them.
struct AttackGenerator {
    var random: AttackRandom
    let mode: JSONValidator.Mode
    var out: [UInt8] = []
    /// How deep the nesting goes, how often a value is a container, how often something is planted.
    var deepest = 4
    var containerChance = 0.3
    var plantChance = 0.0
    var blankChance = 0.3

    init(random: AttackRandom, mode: JSONValidator.Mode) {
        self.random = random
        self.mode = mode
    }

    mutating func document() -> [UInt8] {
        deepest = random.pick([1, 2, 3, 5, 8, 62, 63, 64, 65, 66, 127, 128, 129, 130, 200])
        containerChance = random.pick([0.05, 0.2, 0.4])
        plantChance = random.pick([0.0, 0.0, 0.002, 0.02])
        blankChance = random.pick([0.0, 0.1, 0.5])
        let target = random.pick([100, 300, 1000, 3000, 10_000, 40_000])
        out = []
        if mode == .lines {
            while out.count < target {
                blanks(newlines: false)
                if random.chance(0.1) { out.append(Byte.newline); continue }
                random.chance(0.5) ? array(depth: 1, until: out.count + random.below(target)) : object(depth: 1, until: out.count + random.below(target))
                blanks(newlines: false)
                out.append(Byte.newline)
            }
        } else {
            blanks(newlines: true)
            switch random.below(10) {
            case 0: object(depth: 1, until: target)
            case 1: value(depth: 0, until: target)
            default: array(depth: 1, until: target)
            }
            blanks(newlines: true)
        }
        return out
    }

    mutating func blanks(newlines: Bool) {
        guard random.chance(blankChance) else { return }
        for _ in 0..<(1 + random.below(random.chance(0.9) ? 2 : 80)) {
            out.append(random.pick(newlines ? [0x20, 0x20, 0x09, 0x0D, 0x0A] : [0x20, 0x20, 0x09, 0x0D]))
        }
    }

    mutating func value(depth: Int, until end: Int) {
        // Straight down to the deepest level now and then, so that the nesting crosses word edges.
        if depth < deepest && (random.chance(containerChance) || (deepest > 8 && depth < deepest - 2 && random.chance(0.7))) {
            random.chance(0.6) ? array(depth: depth + 1, until: end) : object(depth: depth + 1, until: end)
            return
        }
        switch random.below(10) {
        case 0...3: number()
        case 4...7: string()
        default: out += Array(random.pick(["true", "false", "null"]).utf8)
        }
    }

    mutating func array(depth: Int, until end: Int) {
        out.append(Byte.openBracket)
        blanks(newlines: mode == .single)
        var first = true
        while out.count < end && !(depth > 1 && random.chance(0.15)) {
            if !first { out.append(Byte.comma); blanks(newlines: mode == .single) }
            first = false
            value(depth: depth, until: end)
            blanks(newlines: mode == .single)
        }
        out.append(Byte.closeBracket)
    }

    mutating func object(depth: Int, until end: Int) {
        out.append(Byte.openBrace)
        blanks(newlines: mode == .single)
        var first = true
        while out.count < end && !(depth > 1 && random.chance(0.15)) {
            if !first { out.append(Byte.comma); blanks(newlines: mode == .single) }
            first = false
            string()
            blanks(newlines: mode == .single)
            out.append(Byte.colon)
            blanks(newlines: mode == .single)
            value(depth: depth, until: end)
            blanks(newlines: mode == .single)
        }
        out.append(Byte.closeBrace)
    }

    mutating func digits(_ count: Int, nonZeroFirst: Bool) {
        for index in 0..<count { out.append(UInt8(ascii: "0") + UInt8(index == 0 && nonZeroFirst ? 1 + random.below(9) : random.below(10))) }
    }

    mutating func number() {
        if random.chance(plantChance) {
            out += Array(random.pick(["01", "-", "1.", ".5", "1e", "1e+", "+1", "1.e5", "-01", "00", "--1", "1-2", "0x1", "1e5e5",
                                      "1.2.3", "-.5", "1E", "Infinity", "NaN", "-0.", "2e-"]).utf8)
            return
        }
        if random.chance(0.3) { out.append(Byte.minus) }
        if random.chance(0.3) { out.append(Byte.zero) } else { digits(1 + random.below(random.chance(0.05) ? 60 : 6), nonZeroFirst: true) }
        if random.chance(0.4) { out.append(UInt8(ascii: ".")); digits(1 + random.below(random.chance(0.05) ? 50 : 8), nonZeroFirst: false) }
        if random.chance(0.3) {
            out.append(random.pick([UInt8(ascii: "e"), UInt8(ascii: "E")]))
            if random.chance(0.6) { out.append(random.pick([Byte.minus, UInt8(ascii: "+")])) }
            digits(1 + random.below(3), nonZeroFirst: false)
        }
    }

    mutating func string() {
        out.append(Byte.quote)
        let length = random.chance(0.1) ? random.below(300) : random.below(random.chance(0.5) ? 4 : 24)
        for _ in 0..<length { stringPart() }
        out.append(Byte.quote)
    }

    mutating func stringPart() {
        if random.chance(plantChance) {
            out += random.pick([[0x00], [0x01], [0x1F], [0x0A], [0x09], [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80],
                                [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
                                Array(#"\x"#.utf8), Array(#"\u12G4"#.utf8), Array(#"\u"#.utf8), Array(#"\U0041"#.utf8), [0x5C, 0x0A]])
            return
        }
        switch random.below(20) {
        case 0...8: out.append(random.pick(Array("abcXYZ 09,:[]{}-+.etrufalsn/'".utf8)))
        case 9: out.append(0x5C); out.append(random.pick(Array(#""\/bfnrt"#.utf8)))
        case 10:
            out += Array(#"\u"#.utf8)
            for _ in 0..<4 { out.append(random.pick(Array("0123456789abcdefABCDEF".utf8))) }
        case 11: out += Array(random.pick([#"\uD83D\uDE00"#, #"\uDC00"#, #"\uD800"#, #"\u0022"#, #"\u005C"#]).utf8)
        case 12: for _ in 0..<(2 * (1 + random.below(5))) { out.append(0x5C) }  // even runs: literal backslashes
        case 13: for _ in 0..<(2 * random.below(4)) { out.append(0x5C) }; out += [0x5C, Byte.quote]
        case 14: utf8(random.pick([0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF, 0xE9, 0x1F600]))
        case 15: utf8(UInt32(0x80 + random.below(0x780)))
        case 16: utf8(UInt32(0x800 + random.below(0xD000)))
        case 17: utf8(UInt32(0x10000 + random.below(0x100000)))
        case 18: out.append(0x7F)
        default: out += Array("é€😀".utf8)
        }
    }

    mutating func utf8(_ scalar: UInt32) {
        out += Array(String(Character(Unicode.Scalar(scalar) ?? "?")).utf8)
    }
}
