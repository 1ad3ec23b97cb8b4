import Testing
@testable import ShelfCore
@testable import shelf_bench

/// The block path at any depth: its 64 levels re-based where a block crosses a 64-level boundary
/// of ContainerStack (JSONValidator+Blocks.swift), and the stack's words read and written across
/// that boundary, held to pushes and pops and to the byte-at-a-time path.
@Suite struct JSONBlockDeepNestingTests {
    /// A stack of the given levels (true for an array), pushed one at a time.
    static func stack(_ levels: [Bool]) -> ContainerStack {
        var stack = ContainerStack()
        for array in levels { stack.push(array: array) }
        return stack
    }

    /// `levels` as `topLevels` lays them out: the innermost at bit 63, at most 64 of them.
    static func word(_ levels: [Bool]) -> UInt64 {
        var word: UInt64 = 0
        for (offset, array) in levels.reversed().prefix(64).enumerated() where array { word |= 1 << UInt64(63 - offset) }
        return word
    }

    @Test func wordsReadAndWrittenAcrossTheBoundaryMatchPushesAndPops() {
        var random = JSONText(seed: 64)
        var checked = 0
        for _ in 0..<4000 {
            let old = (0..<(1 + random.next(200))).map { _ in random.next(2) == 0 }
            var stack = Self.stack(old)
            #expect(stack.topLevels == Self.word(old), "topLevels of \(old.count) levels")
            // Keep levels below `base`, then put up to 64 levels from it, as a block run hands them back.
            let newDepth = max(1, old.count + random.next(129) - 64)
            let base = max(1, newDepth - 64 + random.next(65))
            guard base <= old.count, base <= newDepth else { continue }
            checked += 1
            let new = Array(old.prefix(base)) + (base..<newDepth).map { _ in random.next(2) == 0 }
            // The bits of `top` for levels under `base` must not matter: noise there.
            let under = 64 - (newDepth - base), noise = under >= 64 ? ~UInt64(0) : (UInt64(1) << UInt64(under)) - 1
            let top = (Self.word(new) & ~noise) | (UInt64(truncatingIfNeeded: random.next(Int.max)) & noise)
            stack.setLevels(from: base, to: newDepth, top: top)
            let expected = Self.stack(new)
            #expect(stack.depth == expected.depth)
            // Every level, read back by popping (the words below the innermost included).
            var actual = stack, reference = expected, level = newDepth
            while level > 0 {
                if actual.innermostIsArray != reference.innermostIsArray {
                    Issue.record("old \(old.count) levels, base \(base), new depth \(newDepth): level \(level - 1) differs")
                    return
                }
                actual.pop()
                reference.pop()
                level -= 1
            }
        }
        #expect(checked > 1000)
    }

    /// Nested `depth` levels (objects every third), each level with token-dense values before the
    /// next opens and after it closes, so that blocks hold opens, closes and values together.
    static func tree(_ depth: Int) -> [UInt8] {
        var open: [UInt8] = [], close: [UInt8] = []
        for level in 0..<depth {
            let object = level % 3 == 2
            open += Array((object ? #"{"a":1,"b":[true,"x"],"k":"# : #"[-1.5,null,{},"#).utf8)
            close = Array((object ? #","z":0}"# : #",2e3,[]]"#).utf8) + close
        }
        return open + Array("7".utf8) + close
    }

    /// `tree` with a second, plain run of 150 opens and closes (blocks of nothing but brackets,
    /// which move 64 levels each), inside a top-level array, blanks after.
    static func document(_ depth: Int) -> [UInt8] {
        Array("[".utf8) + tree(depth) + Array(",".utf8) + Array(repeating: UInt8(ascii: "["), count: 150)
            + Array(repeating: UInt8(ascii: "]"), count: 150) + Array("]".utf8) + [UInt8](repeating: 0x20, count: 100)
    }

    @Test func blocksRunAcrossTheBoundaries() {
        // From 60 levels deep up to 260 and back down to 60: all of it in blocks but the end.
        let body = Self.tree(200)
        let prefix = Array(repeating: UInt8(ascii: "["), count: 60)
        let padded = body + Array(",0".utf8) + [UInt8](repeating: 0x20, count: 200)
        #expect(JSONBlockPathTests.takenByBlocks(padded, after: prefix) > body.count - 64)
    }

    @Test func deepNestingAgreesWithErrorsEitherSideOfEachBoundary() {
        for depth in [70, 140, 200] {
            let bytes = Self.document(depth)
            if let mismatch = JSONBlockPathTests.mismatch(bytes) { Issue.record("depth \(depth): \(mismatch)"); return }
            // The bracket that opens, and the one that closes, each level near a boundary, turned
            // into the other kind (a wrong close, or a close where a value must be).
            var opens: [Int] = [], closes: [Int] = []
            for (at, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { opens.append(at) }
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { closes.append(at) }
            }
            // Level ℓ (0 the top-level array) opens at opens[ℓ]; the tree's closes come innermost first.
            let near = [62, 63, 64, 65, 66, 126, 127, 128, 129, 130, 191, 192, 193].filter { $0 <= depth }
            let tree = Array(closes.prefix(depth).reversed())
            let targets = near.map { opens[$0] } + near.map { tree[$0 - 1] }
                + [opens[depth + 63], opens[depth + 66], closes[depth + 85], closes[depth + 88]]
            for target in targets {
                var broken = bytes
                broken[target] = broken[target] == UInt8(ascii: "]") ? UInt8(ascii: "}")
                    : broken[target] == UInt8(ascii: "}") ? UInt8(ascii: "]") : UInt8(ascii: "]")
                for cuts in [[], [max(1, target - 100)]] {
                    if let mismatch = JSONBlockPathTests.mismatch(broken, cuts: cuts) {
                        Issue.record("depth \(depth), byte \(target): \(mismatch.prefix(400))")
                        return
                    }
                }
            }
            // And the depth limit met deep in a tree.
            for maxDepth in [depth, depth + 1, depth + 60, depth + 64] {
                if let mismatch = JSONBlockPathTests.mismatch(bytes, maxDepth: maxDepth) {
                    Issue.record("depth \(depth), limit \(maxDepth): \(mismatch.prefix(400))")
                    return
                }
            }
        }
    }
}
