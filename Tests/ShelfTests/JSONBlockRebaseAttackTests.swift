import Foundation
import Testing
@testable import ShelfCore

/// The block path's re-basing of its 64-level window (JSONValidator+Blocks.swift) attacked with
/// shapes JSONBlockDeepAttackTests does not make: saw-tooth depths (climbs of 62 to 66 levels, falls
/// of 61 to 65, many times, across the 64-level words; climbs of arrays from an object and back to
/// it), long runs at exactly 63/64/65, 127/128/129, 191/192/193, blocks of nothing but brackets and commas, deep JSON Lines (lines that start
/// anywhere in a block, some broken), long strings, numbers and blank runs deep down, a top-level
/// scalar after a deep value, and depth limits at, one under and one over the deepest level.
/// Each case is held to the byte-at-a-time path by `DeepCase.mismatch` (every kernel that runs,
/// whole and in random pieces, with and without events, the shipped choice), and speculation to
/// plain validation. `SHELF_REBASE_ATTACK_CASES` and `SHELF_REBASE_ATTACK_SEED` scale and reseed it.
@Suite struct JSONBlockRebaseAttackTests {
    static var caseCount: Int { Int(ProcessInfo.processInfo.environment["SHELF_REBASE_ATTACK_CASES"] ?? "") ?? 80 }
    static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["SHELF_REBASE_ATTACK_SEED"] ?? "") ?? 0x5A77_7007 }
    typealias DeepCase = JSONBlockDeepAttackTests.DeepCase

    /// Valid JSON written one step at a time, with the depth before each bracket noted.
    struct Walk {
        var bytes: [UInt8] = []
        var stack: [Bool] = []
        var afterValue = false
        var brackets: [(at: Int, depth: Int)] = []
        var deepest = 0
        /// Values between brackets (else only brackets and the commas they need), and blanks.
        var dense = false, blanks = false
        /// How often a container is an array: at 1, bare runs are `[`, `]` and `,` alone, and a
        /// climb or fall of 64 fills a block with opens or closes (the block run alone).
        var arrayChance = 0.6

        mutating func blank(_ random: inout AttackRandom) {
            guard blanks, random.chance(0.3) else { return }
            bytes += Array(repeating: random.pick([0x20, 0x09, 0x20]), count: random.pick([1, 2, 7, 63, 64, 65, 130]))
        }

        mutating func beforeValue(_ random: inout AttackRandom) {
            if afterValue { bytes.append(Byte.comma); blank(&random) }
            if stack.last == false { bytes += Array("\"k\":".utf8); blank(&random) }
        }

        mutating func open(_ random: inout AttackRandom, array: Bool? = nil) {
            let array = array ?? random.chance(arrayChance)
            if dense && !stack.isEmpty && random.chance(0.3) { scalar(&random) }
            beforeValue(&random)
            brackets.append((bytes.count, stack.count))
            bytes.append(array ? Byte.openBracket : Byte.openBrace)
            stack.append(array)
            deepest = max(deepest, stack.count)
            afterValue = false
        }

        mutating func close(_ random: inout AttackRandom) {
            if dense && random.chance(0.3) { scalar(&random) }
            blank(&random)
            brackets.append((bytes.count, stack.count))
            bytes.append(stack.removeLast() ? Byte.closeBracket : Byte.closeBrace)
            afterValue = true
        }

        /// One value: short, or a long string, number or blank run that crosses blocks.
        mutating func scalar(_ random: inout AttackRandom) {
            beforeValue(&random)
            switch random.below(6) {
            case 0: bytes.append(Byte.quote)
                for _ in 0..<random.pick([50, 70, 130, 200]) { bytes += Array(random.pick(["a", "\\\"", "\\\\", "\u{e9}", "\u{20ac}", "\\u00e9", "😀"]).utf8) }
                bytes.append(Byte.quote)
            case 1: bytes += Array("-1".utf8) + Array(repeating: UInt8(ascii: "7"), count: random.pick([40, 63, 64, 100]))
                bytes += Array(".5e-".utf8) + Array(repeating: UInt8(ascii: "3"), count: random.below(70) + 1)
            default: bytes += Array(random.pick(["0", "1.5", "-0e1", "\"s\"", "true", "null", "false", "[]", "{}", "[0,{}]"]).utf8)
            }
            afterValue = true
        }

        mutating func climb(_ levels: Int, _ random: inout AttackRandom) { for _ in 0..<levels { open(&random) } }
        mutating func fall(_ levels: Int, _ random: inout AttackRandom) { for _ in 0..<min(levels, stack.count) { close(&random) } }
    }

    /// One document of the given shape (all valid; mutation comes after).
    static func document(shape: Int, _ random: inout AttackRandom) -> (walk: Walk, what: String) {
        var walk = Walk()
        walk.dense = random.chance(shape == 2 ? 0 : 0.5)
        walk.blanks = random.chance(0.4)
        walk.arrayChance = random.pick([0.6, 0.97, 1, 1])
        let base = random.pick([0, 1, 2, 31, 32, 60, 62, 63, 64, 65, 66, 126, 127, 128, 129])
        walk.climb(base + 1, &random)
        switch shape {
        case 0:  // Saw-tooth: up c, down f, again, so the tips pass word boundaries at different blocks.
            for _ in 0..<(4 + random.below(10)) {
                walk.climb(random.pick([62, 63, 64, 65, 66]), &random)
                walk.fall(min(random.pick([61, 62, 63, 64, 65]), walk.stack.count - 1), &random)
            }
        case 1:  // A long run at one depth next to a boundary.
            let depth = random.pick([63, 64, 65, 127, 128, 129, 191, 192, 193])
            if depth > walk.stack.count { walk.climb(depth - walk.stack.count, &random) } else { walk.fall(walk.stack.count - depth, &random) }
            for _ in 0..<(50 + random.below(300)) {
                if random.chance(0.5) { walk.scalar(&random) } else { walk.open(&random); walk.close(&random) }
            }
        case 3:  // Climbs of 62 to 66 arrays from an object, each closed back to the object, which then takes a member.
            for _ in 0..<(4 + random.below(10)) {
                walk.open(&random, array: false)
                let levels = random.pick([62, 63, 64, 65, 66])
                for _ in 0..<levels { walk.open(&random, array: true) }
                walk.fall(levels, &random)
                walk.scalar(&random)
                walk.fall(1, &random)
            }
        default:  // Brackets and commas only, a random walk kept within 70 levels of a boundary.
            let centre = random.pick([64, 128, 192])
            for _ in 0..<(500 + random.below(3000)) {
                let depth = walk.stack.count
                let up = depth < 2 || (depth < centre + 70 && random.chance(depth < centre ? 0.55 : 0.45))
                if up { walk.open(&random) } else { walk.close(&random) }
            }
        }
        walk.fall(walk.stack.count, &random)
        return (walk, "shape \(shape), base \(base), deepest \(walk.deepest), \(walk.bytes.count) bytes")
    }

    /// A bracket next to a word boundary (or anywhere) damaged as the deep attack damages them.
    static func mutate(_ walk: Walk, _ random: inout AttackRandom) -> (bytes: [UInt8], what: String) {
        let near = walk.brackets.filter { [62, 63, 64, 65, 126, 127, 128, 129, 190, 191, 192, 193].contains($0.depth) }
        let target = near.isEmpty || random.chance(0.2) ? random.pick(walk.brackets) : random.pick(near)
        var bytes = walk.bytes
        let at = target.at, kind = random.below(7)
        let bad: [UInt8] = Array(",:]}[{\"0 \nx".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        switch kind {
        case 0: bytes[at] ^= Byte.openBracket ^ Byte.openBrace
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(bytes[at], at: at)
        case 3: bytes.insert(random.pick(bad), at: at + random.below(2))
        case 4: bytes[at] = random.pick(bad)
        case 5: bytes.removeSubrange(at...)
        default: bytes.insert(Byte.comma, at: at + 1)
        }
        return (bytes, "mutation \(kind) at byte \(at) (depth \(target.depth))")
    }

    /// A case: a document as is or damaged, alone, after or before a top-level scalar, or one of many
    /// JSON Lines (each line deep or not, some damaged), with a depth limit near the deepest level.
    static func makeCase(_ random: inout AttackRandom) -> DeepCase {
        let shape = random.below(4)
        if random.chance(0.25) {
            var bytes: [UInt8] = [], deepest = 0, what = "lines:"
            for _ in 0..<(2 + random.below(5)) {
                let (walk, info) = document(shape: shape, &random)
                let (line, damage) = random.chance(0.3) ? mutate(walk, &random) : (walk.bytes, "valid")
                deepest = max(deepest, walk.deepest)
                bytes += Array(repeating: 0x20, count: random.below(70)) + line + Array(random.pick(["\n", "\r\n", " \n\n", "\n1\n"]).utf8)
                what += " [\(info), \(damage)]"
            }
            return DeepCase(bytes: bytes, pieces: AttackCase.cut(bytes, &random), mode: .lines, maxDepth: limit(deepest, &random), what: what)
        }
        let (walk, info) = document(shape: shape, &random)
        var (bytes, what) = random.chance(0.45) ? mutate(walk, &random) : (walk.bytes, "valid")
        switch random.below(10) {
        case 0: bytes += Array(random.pick([" 1", "\n\"s\"", "0", " [", "]"]).utf8)
        case 1: bytes = Array(random.pick(["1 ", "\"s\"", "[]"]).utf8) + bytes
        case 2: bytes += Array(repeating: 0x20, count: random.below(200))
        default: break
        }
        return DeepCase(bytes: bytes, pieces: AttackCase.cut(bytes, &random), mode: .single, maxDepth: limit(walk.deepest, &random),
                        what: "\(info), \(what)")
    }

    static func limit(_ deepest: Int, _ random: inout AttackRandom) -> Int {
        random.chance(0.3) ? max(1, deepest + random.below(3) - 1) : 10_000_000
    }

    @Test func blockPathAgreesWithBytePathOnRebasingShapes() {
        var random = AttackRandom(seed: Self.seed)
        var valid = 0, invalid = 0, bytes = 0
        for number in 0..<Self.caseCount {
            let deep = Self.makeCase(&random)
            guard !deep.recordedMismatch("rebase case \(number) (seed \(Self.seed))", dump: "SHELF_REBASE_ATTACK_DUMP") else { return }
            if deep.isValid { valid += 1 } else { invalid += 1 }
            bytes += deep.bytes.count
        }
        print("rebase attack: \(Self.caseCount) cases (seed \(Self.seed)), \(bytes) bytes, \(valid) valid, \(invalid) invalid")
        #expect(valid > Self.caseCount / 10 && invalid > Self.caseCount / 10)
    }

    /// The look-ahead's own validators take the block path only in pieces of 16 KiB and more (the
    /// timed choice's first trial piece), which is the stride a save uses: so that stride too.
    @Test func speculationAgreesWithPlainValidationOnRebasingShapes() {
        var random = AttackRandom(seed: Self.seed ^ 0x5BEC)
        for number in 0..<max(Self.caseCount / 3, 20) {
            var deep = Self.makeCase(&random)
            deep.mode = .single
            if random.chance(0.4) {  // An array of deep values, long enough for pieces of 16 KiB.
                let parts = (0..<(3 + random.below(4))).map { _ in
                    let walk = Self.document(shape: random.below(4), &random).walk
                    return random.chance(0.15) ? Self.mutate(walk, &random).bytes : walk.bytes
                }
                deep.bytes = [Byte.openBracket] + Array(parts.joined(separator: [Byte.comma])) + [Byte.closeBracket]
                deep.what = "an array of \(parts.count) deep values, \(deep.bytes.count) bytes"
            }
            let bytes = deep.bytes
            let split = random.below(max(min(bytes.count, random.chance(0.5) ? 2000 : bytes.count), 1)), stride = random.pick([64, 65, 100, 4096, 16 << 10, 16 << 10])
            let plain = ValidatorComparison.run(deep.validator(blocks: false), bytes, bytes.indices.map { $0..<($0 + 1) }, events: false)
            for kernel in JSONBlockDeepAttackTests.kernels {
                var validator = deep.validator(blocks: true, kernel: kernel)
                if let mismatch = AttackCase.speculationMismatch(&validator, bytes, split: split, stride: stride, plain: plain) {
                    Issue.record("speculation case \(number), \(deep.what), \(kernel), split \(split), stride \(stride): \(mismatch); \(AttackCase.show(bytes))")
                    return
                }
            }
        }
    }

    /// Bare runs of every length from 60 to 200 inside a top-level array (so with events the blocks
    /// stop above it), the blocks shifted by blanks in front, the depth limit one under, at and
    /// one over the deepest level: where runs of 64 opens or closes run alone, and where they don't.
    @Test func bareRunsOfEveryLengthAgree() {
        for levels in 60...200 {
            for shift in [0, 1, 33, 63] {
                let bytes = Array(repeating: 0x20, count: shift) + [Byte.openBracket] + Array(repeating: Byte.openBracket, count: levels)
                    + Array(repeating: Byte.closeBracket, count: levels) + Array(",0]".utf8) + Array(repeating: 0x20, count: 80)
                for maxDepth in [levels, levels + 1, levels + 2, 10_000_000] {
                    if let mismatch = JSONBlockPathTests.mismatch(bytes, maxDepth: maxDepth) {
                        Issue.record("\(levels) levels, shift \(shift), maxDepth \(maxDepth): \(mismatch.prefix(400))")
                        return
                    }
                }
            }
        }
    }

    /// The shapes reach the block path: most of a valid bare saw-tooth is taken in blocks.
    /// (With arrays only, climbs of 65 fill blocks with 64 opens, which run alone.)
    @Test func sawToothIsTakenByBlocks() {
        for arrayChance in [0.6, 1] {
            var random = AttackRandom(seed: 7)
            var walk = Walk()
            walk.arrayChance = arrayChance
            walk.climb(3, &random)
            for _ in 0..<8 { walk.climb(65, &random); walk.fall(63, &random) }
            let body = Array(walk.bytes.dropFirst(3)) + [Byte.closeBracket] + Array(repeating: 0x20, count: 100)
            #expect(JSONBlockPathTests.takenByBlocks(body, after: Array(walk.bytes.prefix(3))) > body.count - 200, "arrays \(arrayChance)")
        }
    }
}
