import Testing
@testable import ShelfCore
@testable import shelf_bench

/// The block path (JSONValidator+Blocks.swift) held to the byte-at-a-time path where it carries
/// state or gives up: nesting at the edges of the 64-level word and of the depth limit, backslash
/// runs, escapes and numbers at every place around a block's end, all inside two containers so
/// that blocks are taken (ValidatorComparison runs every other validator test with it on too).
@Suite struct JSONBlockPathTests {
    /// Token-dense filler: every kind of value, in an array.
    static let values = Array(#"1,-2.5e-3,0.25,true,false,null,"ab",{"k":[0,1E+2]},[],{},"\u00e9\"",-0,"#.utf8)

    /// The block path's outcome on `bytes` against the byte path's, with `maxDepth`.
    static func mismatch(_ bytes: [UInt8], maxDepth: Int = 10_000_000, cuts: [Int] = []) -> String? {
        var reference = JSONValidator(maxDepth: maxDepth)
        reference.blockChoice = BlockPathChoice(fixed: false)
        let expected = ValidatorComparison.run(reference, bytes, bytes.indices.map { $0..<($0 + 1) })
        // Blocks classified by every kernel this processor runs.
        for kernel in BlockKernel.allCases where BlockKernel.runs(kernel) {
            var blocks = JSONValidator(maxDepth: maxDepth)
            blocks.blockChoice = BlockPathChoice(fixed: true, kernel: kernel)
            for events in [true, false] {
                let actual = ValidatorComparison.run(blocks, bytes, ValidatorComparison.chunks(bytes.count, cuts: cuts), events: events)
                if actual.error != expected.error || actual.elements != expected.elements || actual.kind != expected.kind {
                    return "\(kernel), maxDepth \(maxDepth), cuts \(cuts), events \(events): \(actual) against \(expected)"
                }
            }
        }
        return nil
    }

    /// How many bytes the block path takes of `bytes` (fed after `prefix`), in one call.
    static func takenByBlocks(_ bytes: [UInt8], after prefix: [UInt8]) -> Int {
        var validator = JSONValidator()
        validator.blockChoice = BlockPathChoice(fixed: true)
        let all = prefix + bytes
        return all.withUnsafeBytes { raw in
            try? validator.consume(UnsafeRawBufferPointer(rebasing: raw[0..<prefix.count]))
            let window = JSONValidator.Window(raw: raw.baseAddress!, bytes: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                              count: all.count, last: all.count - 64, base: 0)
            return validator.blocks(window, from: prefix.count, countsOnly: true) - prefix.count
        }
    }

    @Test func blocksTakeTokenDenseJSON() {
        let body = Array(repeating: Self.values, count: 20).flatMap { $0 }
        // Most of it, block by block (each ends at its last bracket, comma or colon).
        #expect(Self.takenByBlocks(body, after: Array("[[ ".utf8)) > body.count - 200)
        // A string longer than a block, read to its closing quote, and blocks after it.
        let long = Array(repeating: UInt8(ascii: "a"), count: 100), quote = Array("\"".utf8), end = Array("\"]".utf8)
        #expect(Self.takenByBlocks(quote + long + long + end + body, after: Array("[[ ".utf8)) >= 202)
        // Nothing of one with a control byte, a bad escape or a broken character past its first
        // block (the token path reports it), nor where a close would leave no container open.
        for inside: [UInt8] in [[0x01], Array("\\x".utf8), Array("\\u12G4".utf8), [0xC3]] {
            #expect(Self.takenByBlocks(quote + long + inside + long + end + body, after: Array("[[ ".utf8)) == 0)
        }
        #expect(Self.takenByBlocks(Array("1]]".utf8) + body, after: Array("[[ ".utf8)) == 0)
    }

    /// Nested `depth` levels (arrays and objects in turn), with token-dense values at the deepest.
    static func nested(_ depth: Int, inner: [UInt8] = values + Array("7".utf8)) -> [UInt8] {
        var open: [UInt8] = [], close: [UInt8] = []
        for level in 0..<depth {
            if level % 3 == 2 {
                open += Array(#"{"k":"#.utf8)
                close = Array("}".utf8) + close
            } else {
                open += Array("[".utf8)
                close = Array("]".utf8) + close
            }
        }
        // Blanks after, so that the closes come before the last 64 bytes (which `step` reads).
        return open + Array(repeating: inner, count: 3).flatMap { $0 + Array(",".utf8) } + Array("0".utf8) + close
            + [UInt8](repeating: 0x20, count: 100)
    }

    @Test func nestingAroundTheWordEdgesAndTheLimitAgrees() {
        for depth in [1, 2, 3, 62, 63, 64, 65, 66, 127, 128, 129] {
            let bytes = Self.nested(depth)
            for maxDepth in [depth - 1, depth, depth + 1, depth + 63, depth + 64, 10_000_000] where maxDepth > 0 {
                if let mismatch = Self.mismatch(bytes, maxDepth: maxDepth) { Issue.record("depth \(depth): \(mismatch)"); return }
            }
            // A wrong close inside the values, and at the deepest levels (away from the last
            // close, whose block ends the top level and goes to `scan`), whole and cut before it.
            let inner = bytes.indices.first { bytes[$0] == UInt8(ascii: "]") && bytes[$0 - 1] == UInt8(ascii: "2") }!
            for at in [inner] + (1...4).map({ bytes.count - 100 - depth / 2 - $0 }) {
                var broken = bytes
                broken[at] = broken[at] == UInt8(ascii: "]") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                // Not cut just before it: the last 64 bytes of a chunk go to `step`.
                for cuts in [[], [at - 70], [at - 200]] {
                    if let mismatch = Self.mismatch(broken, cuts: cuts) { Issue.record("depth \(depth): \(mismatch)"); return }
                }
            }
        }
    }

    /// `token` inside two containers, starting `offset` bytes after token-dense values.
    static func placed(_ token: [UInt8], at offset: Int) -> [UInt8] {
        let lead = Array("[[".utf8) + Array(repeating: Self.values, count: 3).flatMap { $0 }
        let filler = [UInt8](repeating: UInt8(ascii: " "), count: offset)
        return lead + filler + token + Array(",1]]".utf8) + [UInt8](repeating: 0x20, count: 80)
    }

    @Test func backslashRunsEscapesAndNumbersAgreeAtEveryPlaceInABlock() {
        var tokens: [[UInt8]] = []
        for run in 1...9 {
            let backslashes = [UInt8](repeating: 0x5C, count: run)
            for tail in ["\"", "\"x\"", "n\"", "u00e9\"", "u00g9\"", "uD83D\"", "\u{01}\""] {
                tokens.append(Array("\"a".utf8) + backslashes + Array(tail.utf8))
            }
        }
        for number in ["0", "-0", "01", "-", "1.", ".5", "1.5", "1e5", "1E+5", "1e-", "1e+x", "2.5e-03", "1.2.3", "1e5e5", "-01.5",
                       "+1", "1-2", "0x1", "truex", "nul", "fals", "true", "null", "false", "1 2", "\"a\"\"b\"", "\"k\":1"] {
            tokens.append(Array(number.utf8))
        }
        var checked = 0
        for token in tokens {
            for offset in 0..<70 {
                let bytes = Self.placed(token, at: offset)
                checked += 1
                if let mismatch = Self.mismatch(bytes) ?? Self.mismatch(bytes, cuts: [bytes.count - 90 - offset]) {
                    Issue.record("\(String(decoding: token, as: UTF8.self).debugDescription) at \(offset): \(mismatch)")
                    return
                }
            }
        }
        #expect(checked > 3000)
    }

    @Test(arguments: JSONCorpus.allCases)
    func editedDocumentsAgreeInRandomChunks(_ kind: JSONCorpus) {
        var random = JSONText(seed: UInt64(kind.rawValue.utf8.count) &* 31)
        let document = kind.make(bytes: 20_000, seed: 3)
        let alphabet = Array("\"\\{}[],: \n0-e.+tfnu".utf8) + [0x01, 0x80, 0xC3, 0xE2, 0xFF]
        for round in 0..<40 {
            let bytes = round == 0 ? document : RandomEdits.apply(1 + random.next(2), to: document, alphabet: alphabet) { random.next($0) }
            let cuts = RandomEdits.cuts(bytes.count, maxPiece: 1 + random.next(3000)) { random.next($0) }
            if let mismatch = Self.mismatch(bytes, cuts: cuts) {
                Issue.record("\(kind) round \(round): \(mismatch.prefix(600))")
                return
            }
        }
    }
}
