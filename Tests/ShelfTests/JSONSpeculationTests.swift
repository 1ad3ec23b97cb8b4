import Testing
@testable import ShelfCore
@testable import shelf_bench

/// Pieces checked ahead of their turn (`JSONSpeculation`, the validated save's look-ahead) give
/// exactly what one validator walking every byte gives: the verdict, the error's line, column,
/// offset and message, the top-level element count, and the state after every piece. Edited
/// documents of every corpus, cut into random pieces, with strides short enough that segments end
/// by failing and start again; guesses inside strings; a depth limit.
@Suite struct JSONSpeculationTests {
    /// What a validator holds between pieces that means something in its state, and how the
    /// stream ended.
    struct Snapshot: Equatable {
        var state: UInt8, depth: Int, array: Bool, key: Bool, pending: Int, literal: UInt64
        var line: Int, lineStart: Int, continuations: Int, offset: Int, elements: Int, values: Int

        init(_ v: JSONValidator) {
            state = v.state.rawValue; depth = v.containers.depth; array = v.containers.innermostIsArray
            // Whether a string is a key means something only inside one (each string sets it).
            key = [.string, .escape, .unicodeHex, .utf8].contains(v.state) && v.stringIsKey
            pending = v.pending; literal = v.literal
            line = v.line; lineStart = v.lineStart; continuations = v.continuations; offset = v.offset
            elements = v.topLevelElementCount; values = v.valueCount
        }
    }

    struct Run: Equatable {
        var snapshots: [Snapshot] = []
        var error: JSONSyntaxError?
    }

    /// The pieces `bytes` is cut into at `cuts`, checked in order; with `ahead`, every piece but
    /// the first is first speculated on (with `stride`) and then adopted.
    static func run(_ bytes: [UInt8], cuts: [Int], ahead: Bool, stride: Int = 64, maxDepth: Int = 10_000_000) -> Run {
        var validator = JSONValidator(mode: .single, maxDepth: maxDepth)
        var run = Run()
        let bounds = [0] + cuts + [bytes.count]
        bytes.withUnsafeBytes { all in
            do {
                for (number, (from, to)) in zip(bounds, bounds.dropFirst()).enumerated() {
                    let piece = UnsafeRawBufferPointer(rebasing: all[from..<to])
                    if ahead && number > 0 {
                        let speculation = JSONSpeculation(piece, stride: stride)
                        try validator.adopt(speculation) { UnsafeRawBufferPointer(rebasing: piece[$0]) }
                    } else {
                        try validator.consume(piece)
                    }
                    run.snapshots.append(Snapshot(validator))
                }
                try validator.finish()
                run.snapshots.append(Snapshot(validator))
            } catch {
                run.error = error as? JSONSyntaxError
            }
        }
        return run
    }

    @Test(arguments: JSONCorpus.allCases)
    func editedDocumentsGiveWhatOneValidatorGives(_ kind: JSONCorpus) {
        var random = JSONText(seed: UInt64(kind.rawValue.utf8.count) &* 104_729)
        let seed = kind.make(bytes: 6000, seed: 11)
        let alphabet = Array("\"\\{}[],: \n\t0-e.+Etfnu/a".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
        var adopted = 0
        for round in 0..<150 {
            let bytes = RandomEdits.apply(round == 0 ? 0 : 1 + random.next(3), to: seed, alphabet: alphabet) { random.next($0) }
            let cuts = RandomEdits.cuts(bytes.count, maxPiece: 1 + random.next(2500)) { random.next($0) }
            let stride = 1 + random.next(400)
            let alone = Self.run(bytes, cuts: cuts, ahead: false)
            let ahead = Self.run(bytes, cuts: cuts, ahead: true, stride: stride)
            if alone != ahead {
                Issue.record("\(kind) round \(round), stride \(stride), cuts \(cuts): \(alone) against \(ahead)")
                return
            }
            adopted += bytes.withUnsafeBytes { all in
                cuts.isEmpty ? 0 : JSONSpeculation(UnsafeRawBufferPointer(rebasing: all[cuts[0]...]), stride: stride).segments.count
            }
        }
        // The guesses were there to take (numbers-only corpora included: `,[`).
        #expect(adopted > 100)
    }

    /// `, {` and `,[` inside strings, keys and escapes: guesses that must not hold, cut everywhere.
    @Test func guessesInsideStringsAreRefused() {
        let text = #"[{"a": ", {\"b\": [1, {}]}", "k, {": [1,[2, {"x": "\\", "y":[3]}]]}, ", [", {"c": [[], {}]}]"#
        let bytes = Array(text.utf8)
        for first in 1..<bytes.count {
            for second in [first + 7, first + 19] where second < bytes.count {
                for stride in [1, 5, 64] {
                    let alone = Self.run(bytes, cuts: [first, second], ahead: false)
                    let ahead = Self.run(bytes, cuts: [first, second], ahead: true, stride: stride)
                    #expect(alone == ahead, "cuts \(first), \(second), stride \(stride)")
                    #expect(ahead.error == nil)
                }
            }
        }
    }

    /// A speculation opens containers with no limit; where the stream's limit would be passed the
    /// stream's validator checks the bytes itself, and reports the limit where it alone would.
    @Test(arguments: [3, 4, 5, 40])
    func theDepthLimitHoldsAcrossAdoptedPieces(_ maxDepth: Int) {
        let bytes = Array("[[1], [[2]], [[[3]]], [[[[4]]]], [[[[[5]]]]], {}]".utf8)
        for cut in 1..<bytes.count {
            let alone = Self.run(bytes, cuts: [cut], ahead: false, maxDepth: maxDepth)
            let ahead = Self.run(bytes, cuts: [cut], ahead: true, stride: 3, maxDepth: maxDepth)
            #expect(alone == ahead, "cut \(cut)")
            #expect((alone.error == nil) == (maxDepth > 6))
        }
    }
}
