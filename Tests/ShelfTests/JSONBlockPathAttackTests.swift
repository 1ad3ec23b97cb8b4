import Foundation
import Testing
@testable import ShelfCore

/// The block path held to the token path on random JSON from a generator aimed at what blocks
/// carry or check with masks (nesting at the 64-level word, the depth limit, escapes and backslash
/// runs, numbers and literals at block ends, UTF-8 of every length, control bytes, all four
/// blanks), mutated, and cut into chunks of every size, in both modes, with and without events.
/// Every field a caller can see must agree: verdict, error position and message, events, counts.
/// `SHELF_BLOCK_ATTACK_CASES` scales it (default quick); `SHELF_BLOCK_ATTACK_SEED` picks the stream.
@Suite struct JSONBlockPathAttackTests {
    static var caseCount: Int { Int(ProcessInfo.processInfo.environment["SHELF_BLOCK_ATTACK_CASES"] ?? "") ?? 400 }
    static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["SHELF_BLOCK_ATTACK_SEED"] ?? "") ?? 0x5EED_B10C }

    @Test func blockPathAgreesWithTokenPathOnRandomMutatedJSON() {
        var random = AttackRandom(seed: Self.seed)
        var stats = AttackStats()
        for number in 0..<Self.caseCount {
            let attackCase = AttackCase.make(&random)
            stats.note(attackCase)
            if let found = attackCase.mismatch() {
                let small = attackCase.minimized()
                Issue.record("case \(number) (seed \(Self.seed)): \(found)\nminimized: \(small.describe())\n\(small.mismatch() ?? "")")
                return
            }
        }
        print("block attack: \(stats)")
        // The generator must reach the block path and both verdicts, or it tests nothing.
        #expect(stats.valid > Self.caseCount / 20 && stats.invalid > Self.caseCount / 20)
    }

    @Test func speculationAgreesWithPlainValidation() {
        var random = AttackRandom(seed: Self.seed ^ 0x5BEC)
        for number in 0..<max(Self.caseCount / 20, 10) {
            var generator = AttackGenerator(random: random, mode: .single)
            let bytes = generator.document()
            random = generator.random
            let mutated = random.chance(0.5) ? AttackCase.mutate(bytes, &random) : bytes
            let split = random.below(max(mutated.count, 1))
            let stride = [64, 100, 4096, 16 << 10][random.below(4)]
            for fixed in [true, false] {
                let plain = AttackCase.outcome(mutated, pieces: [0..<split, split..<mutated.count], mode: .single,
                                               maxDepth: 10_000_000, blocks: fixed, events: false)
                var validator = JSONValidator(mode: .single)
                validator.blockChoice = BlockPathChoice(fixed: fixed)
                if let mismatch = AttackCase.speculationMismatch(&validator, mutated, split: split, stride: stride, plain: plain) {
                    Issue.record("speculation case \(number), blocks \(fixed), split \(split), stride \(stride): \(mismatch); \(AttackCase.show(mutated))")
                    return
                }
            }
        }
    }
}

/// Counts what the cases covered, so a run says what it tried.
struct AttackStats: CustomStringConvertible {
    var cases = 0, bytes = 0, valid = 0, invalid = 0, lines = 0, quiet = 0, smallDepth = 0

    mutating func note(_ attackCase: AttackCase) {
        cases += 1
        bytes += attackCase.bytes.count
        if attackCase.mode == .lines { lines += 1 }
        if attackCase.maxDepth < 10_000_000 { smallDepth += 1 }
        let outcome = AttackCase.outcome(attackCase.bytes, pieces: attackCase.pieces, mode: attackCase.mode,
                                         maxDepth: attackCase.maxDepth, blocks: false, events: false)
        if outcome.error == nil { valid += 1 } else { invalid += 1 }
    }

    var description: String {
        "\(cases) cases, \(bytes) bytes, \(valid) valid, \(invalid) invalid, \(lines) in .lines, \(smallDepth) with a small maxDepth"
    }
}

extension AttackCase {
    /// What `validator` says of `bytes` consumed up to `split` and adopted from a speculation of
    /// the rest (`stride` apart), as a save's look-ahead hands it over: the error, nil for valid.
    static func speculated(_ validator: inout JSONValidator, _ bytes: [UInt8], split: Int, stride: Int) -> String? {
        bytes.withUnsafeBytes { raw in
            do {
                try validator.consume(UnsafeRawBufferPointer(rebasing: raw[0..<split]))
                let piece = UnsafeRawBufferPointer(rebasing: raw[split...])
                let speculation = JSONSpeculation(piece, stride: stride)
                try validator.adopt(speculation) { UnsafeRawBufferPointer(rebasing: piece[$0]) }
                try validator.finish()
                return nil
            } catch let error as JSONSyntaxError {
                return error.description
            } catch {
                return "\(error)"
            }
        }
    }

    /// How `speculated` differs from `plain` (the error, or the top-level count when both are
    /// valid), told as "got against wanted"; nil when they agree.
    static func speculationMismatch(_ validator: inout JSONValidator, _ bytes: [UInt8], split: Int, stride: Int,
                                    plain: ValidatorOutcome) -> String? {
        let failed = speculated(&validator, bytes, split: split, stride: stride)
        let expected = plain.error?.description
        guard failed != expected || (failed == nil && validator.topLevelElementCount != plain.elements) else { return nil }
        return "\(failed ?? "valid") (\(validator.topLevelElementCount) elements) against \(expected ?? "valid") (\(plain.elements) elements)"
    }
}
