import Foundation
import Testing
@testable import ShelfCore

/// The block path at any depth (runs of blocks over 64 levels read and written across
/// ContainerStack's words, re-based where a block leaves them; JSONBlockDeepRegressionTests keeps
/// the case this test found against its first version) held to the byte-at-a-time path on deep
/// trees, 60 to 300 levels of arrays and objects with values at every level and runs of bare
/// brackets across 64, 128, 192 and 256, mutated where a level meets a word boundary. Every
/// kernel this processor runs, whole and in random chunks, both modes, depth limits near the
/// tree's depth, and speculation against plain validation. `SHELF_DEEP_ATTACK_CASES` scales it.
@Suite struct JSONBlockDeepAttackTests {
    static var caseCount: Int { Int(ProcessInfo.processInfo.environment["SHELF_DEEP_ATTACK_CASES"] ?? "") ?? 1500 }
    static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["SHELF_DEEP_ATTACK_SEED"] ?? "") ?? 0xDEE9_B10C }
    static let kernels = BlockKernel.allCases.filter(BlockKernel.runs)

    /// A deep tree and where each level's open and close bracket stand (level 0 the outermost).
    struct DeepTree {
        var bytes: [UInt8] = []
        var opens: [Int] = [], closes: [Int] = []

        static let scalars = ["1", "-2.5e3", "0", "\"s\"", "\"\\u00e9\\n\"", "\"\u{e9}\u{20ac}\"", "true", "null", "{}", "[]", "[1,{}]"]

        static func make(depth: Int, _ random: inout AttackRandom) -> DeepTree {
            var tree = DeepTree()
            tree.opens = Array(repeating: 0, count: depth)
            tree.closes = Array(repeating: 0, count: depth)
            // Levels in runs: bare (brackets only, so a block moves many levels) or dense (values each side).
            var bare = Array(repeating: false, count: depth), level = 0
            while level < depth {
                let run = 1 + random.below(random.chance(0.5) ? 8 : 90), isBare = random.chance(0.45)
                for at in level..<min(depth, level + run) { bare[at] = isBare }
                level += run
            }
            var arrays: [Bool] = []
            for level in 0..<depth {
                let array = bare[level] ? random.chance(0.8) : random.chance(0.55)
                arrays.append(array)
                tree.opens[level] = tree.bytes.count
                tree.bytes.append(array ? Byte.openBracket : Byte.openBrace)
                if !bare[level] { tree.values(array: array, &random, trailing: true) }
                if !array { tree.bytes += Array("\"k\(level % 10)\":".utf8) }
                if !bare[level] && random.chance(0.2) { tree.bytes.append(0x20) }
            }
            tree.bytes += Array(random.pick(scalars).utf8)
            for level in (0..<depth).reversed() {
                if !bare[level] { tree.bytes.append(Byte.comma); tree.values(array: arrays[level], &random, trailing: false) }
                tree.closes[level] = tree.bytes.count
                tree.bytes.append(arrays[level] ? Byte.closeBracket : Byte.closeBrace)
            }
            return tree
        }

        /// Zero to three values (with keys in an object), each followed by a comma if `trailing`, else preceded by one.
        mutating func values(array: Bool, _ random: inout AttackRandom, trailing: Bool) {
            let count = random.below(4)
            for index in 0..<count {
                if !trailing && index > 0 { bytes.append(Byte.comma) }
                if !array { bytes += Array("\"v\":".utf8) }
                bytes += Array(Self.scalars[random.below(Self.scalars.count)].utf8)
                if trailing { bytes.append(Byte.comma) }
            }
            if !trailing && count == 0 { bytes += Array((array ? "0" : "\"e\":0").utf8) }
        }
    }

    /// Levels next to the word boundaries (and the tree's deepest), where the mutations go.
    static func boundaryLevel(depth: Int, _ random: inout AttackRandom) -> Int {
        let near = [31, 32, 33, 62, 63, 64, 65, 66, 95, 96, 126, 127, 128, 129, 130, 190, 191, 192, 193, 194, 254, 255, 256, 257, 258]
            .filter { $0 < depth } + [depth - 1, depth - 2, random.below(depth)]
        return random.pick(near)
    }

    /// One of: a bracket's kind flipped, dropped, doubled, a bad byte in front of or for it, the text cut there.
    static func mutate(_ tree: DeepTree, _ random: inout AttackRandom) -> (bytes: [UInt8], what: String) {
        var bytes = tree.bytes
        let level = boundaryLevel(depth: tree.opens.count, &random)
        let at = random.chance(0.5) ? tree.opens[level] : tree.closes[level]
        let bad: [UInt8] = Array(",:]}[{\"0 x".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
        let kind = random.below(7)
        switch kind {
        case 0: bytes[at] ^= bytes[at] == Byte.openBracket || bytes[at] == Byte.openBrace ? Byte.openBracket ^ Byte.openBrace : Byte.closeBracket ^ Byte.closeBrace
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(bytes[at], at: at)
        case 3: bytes.insert(random.pick(bad), at: at + random.below(2))
        case 4: bytes[at] = random.pick(bad)
        case 5: bytes.removeSubrange(min(bytes.count, at + random.below(3))...)
        default: bytes[at] = bytes[at] == Byte.openBracket || bytes[at] == Byte.openBrace ? Byte.closeBracket : Byte.openBracket
        }
        return (bytes, "mutation \(kind) at byte \(at) (level \(level))")
    }

    struct DeepCase {
        var bytes: [UInt8], pieces: [Range<Int>], mode: JSONValidator.Mode, maxDepth: Int, what: String

        static func make(_ random: inout AttackRandom) -> DeepCase {
            let depth = random.pick([60, 63, 64, 65, 66, 100, 127, 128, 129, 150, 191, 192, 193, 230, 255, 256, 257, 300])
                + (random.chance(0.3) ? random.below(5) - 2 : 0)
            let tree = DeepTree.make(depth: depth, &random)
            var (bytes, what) = random.chance(0.6) ? mutate(tree, &random) : (tree.bytes, "valid tree")
            let mode: JSONValidator.Mode = random.chance(0.25) ? .lines : .single
            if mode == .lines {
                bytes = Array("[1]\n".utf8) + bytes + Array("\n{\"a\":[]}\n".utf8)
            } else if random.chance(0.3) {
                bytes = Array(" \n".utf8) + bytes + Array(repeating: 0x20, count: random.below(100))
            }
            let limits = [depth - 1, depth, depth + 1, depth + 2, 64, 65, 128, 129, 192, 256, 257]
            let maxDepth = random.chance(0.3) ? random.pick(limits) : 10_000_000
            return DeepCase(bytes: bytes, pieces: AttackCase.cut(bytes, &random), mode: mode, maxDepth: maxDepth,
                            what: "depth \(depth), \(what), mode \(mode), maxDepth \(maxDepth)")
        }

        func validator(blocks: Bool, kernel: BlockKernel = BlockKernel.widest) -> JSONValidator {
            var validator = JSONValidator(mode: mode, maxDepth: maxDepth)
            validator.blockChoice = BlockPathChoice(fixed: blocks, kernel: kernel)
            return validator
        }

        /// nil when every kernel's block path, whole and in the case's pieces, with and without events, agrees with bytes one at a time.
        func mismatch() -> String? {
            let expected = ValidatorComparison.run(validator(blocks: false), bytes, bytes.indices.map { $0..<($0 + 1) })
            for kernel in JSONBlockDeepAttackTests.kernels {
                for pieces in [[0..<bytes.count], self.pieces] {
                    let loud = ValidatorComparison.run(validator(blocks: true, kernel: kernel), bytes, pieces)
                    if loud != expected { return "\(kernel), pieces \(pieces.count): blocks \(loud)\n  bytes  \(expected)" }
                    var quiet = ValidatorComparison.run(validator(blocks: true, kernel: kernel), bytes, pieces, events: false)
                    quiet.events = expected.events
                    if quiet != expected { return "\(kernel) without events, pieces \(pieces.count): blocks \(quiet)\n  bytes  \(expected)" }
                }
            }
            let shipped = ValidatorComparison.run(JSONValidator(mode: mode, maxDepth: maxDepth), bytes, pieces)
            return shipped == expected ? nil : "shipped choice: \(shipped)\n  bytes  \(expected)"
        }

        func minimized() -> DeepCase {
            var best = self, width = max(bytes.count / 2, 1)
            while width >= 1 {
                var at = 0
                while at < best.bytes.count {
                    var candidate = best
                    let range = at..<min(at + width, best.bytes.count)
                    candidate.bytes.removeSubrange(range)
                    candidate.pieces = [0..<candidate.bytes.count]
                    if candidate.mismatch() != nil { best = candidate } else { at += width }
                }
                width /= 2
            }
            return best
        }

        /// Records this case's mismatch, if it has one, minimised (its bytes also written to the
        /// file the environment variable `dump` names, when set); returns whether it had one.
        func recordedMismatch(_ label: String, dump: String) -> Bool {
            guard let found = mismatch() else { return false }
            let small = minimized()
            if let path = ProcessInfo.processInfo.environment[dump] {
                FileManager.default.createFile(atPath: path, contents: Data(small.bytes))
            }
            Issue.record("\(label), \(what): \(found)\nminimized (mode \(small.mode), maxDepth \(small.maxDepth)): \(AttackCase.show(small.bytes))\n\(small.mismatch() ?? "")")
            return true
        }

        /// Whether the byte-at-a-time path finds the whole text valid.
        var isValid: Bool { ValidatorComparison.run(validator(blocks: false), bytes, [0..<bytes.count], events: false).error == nil }
    }

    @Test func blockPathAgreesWithBytePathOnDeepTrees() {
        var random = AttackRandom(seed: Self.seed)
        var valid = 0, invalid = 0, lines = 0, limited = 0, bytes = 0
        for number in 0..<Self.caseCount {
            let deep = DeepCase.make(&random)
            guard !deep.recordedMismatch("deep case \(number) (seed \(Self.seed))", dump: "SHELF_DEEP_ATTACK_DUMP") else { return }
            if deep.isValid { valid += 1 } else { invalid += 1 }
            if deep.mode == .lines { lines += 1 }
            if deep.maxDepth < 10_000_000 { limited += 1 }
            bytes += deep.bytes.count
        }
        print("deep attack: \(Self.caseCount) cases, \(bytes) bytes, \(valid) valid, \(invalid) invalid, \(lines) in .lines, \(limited) with a depth limit, kernels \(Self.kernels)")
        #expect(valid > Self.caseCount / 10 && invalid > Self.caseCount / 10)
    }

    @Test func speculationAgreesWithPlainValidationOnDeepTrees() {
        var random = AttackRandom(seed: Self.seed ^ 0x5BEC)
        for number in 0..<max(Self.caseCount / 5, 20) {
            let deep = DeepCase.make(&random)
            let bytes = deep.bytes
            let split = random.below(max(bytes.count, 1)), stride = [64, 100, 200, 4096][random.below(4)]
            for blocks in [true, false] {
                let plain = ValidatorComparison.run(deep.validator(blocks: false), bytes, bytes.indices.map { $0..<($0 + 1) }, events: false)
                var validator = deep.validator(blocks: blocks)
                if let mismatch = AttackCase.speculationMismatch(&validator, bytes, split: split, stride: stride, plain: plain) {
                    Issue.record("speculation case \(number), \(deep.what), blocks \(blocks), split \(split), stride \(stride): \(mismatch); \(AttackCase.show(bytes))")
                    return
                }
            }
        }
    }
}
