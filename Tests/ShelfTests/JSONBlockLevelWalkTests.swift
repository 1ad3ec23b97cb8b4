import Foundation
import Testing
@testable import ShelfCore

/// The block path's own state where it stops (the validator's state, depth and every open level,
/// not only its verdict) held to the byte-at-a-time path, on valid text that walks up and down in
/// runs of up to 140 levels from 1 to 300 deep: runs of blocks re-based, blocks of 64 bare brackets
/// run alone, words of ContainerStack added and dropped (JSONBlockLevelSpanTests has the cases).
/// `SHELF_LEVEL_WALK_CASES` scales it.
@Suite struct JSONBlockLevelWalkTests {
    static var caseCount: Int { Int(ProcessInfo.processInfo.environment["SHELF_LEVEL_WALK_CASES"] ?? "") ?? 400 }

    /// `prefix` (open containers, ending where a value must come) and `body`, valid JSON together
    /// with blanks after: the body goes up and down in runs, bare or with a value between brackets.
    static func walk(_ random: inout AttackRandom) -> (prefix: [UInt8], bytes: [UInt8]) {
        var out: [UInt8] = [], arrays: [Bool] = []
        func open(_ array: Bool) {
            out += Array((array ? "[" : "{\"k\":").utf8)
            arrays.append(array)
        }
        let prefixDepth = 1 + random.below(300)
        for _ in 0..<prefixDepth { open(random.chance(0.7)) }
        let prefix = out
        // Runs of levels near the spans a run of blocks sees (32 each side, 64, 65 depths), or any.
        func run() -> Int { random.chance(0.5) ? random.pick([31, 32, 33, 63, 64, 65, 96, 97, 128]) : random.below(140) }
        var needValue = true, up = run(), down = 0
        let bare = random.chance(0.6)
        while out.count < prefix.count + 1500 || arrays.count > 0 {
            let ending = out.count >= prefix.count + 1500
            if needValue {
                if up > 0 && !ending {
                    open(random.chance(0.75))
                    up -= 1
                    if !bare && random.chance(0.3) { out += Array((arrays.last! ? "1," : "1,\"v\":").utf8) }
                } else {
                    // A long string may run past the block, which then ends on the comma or colon before it.
                    let long = "\"" + String(repeating: "x", count: 70) + "\""
                    out += Array(random.pick(["0", "\"s\"", "true", "[]", "{}", long, long]).utf8)
                    needValue = false
                    down = ending ? Int.max : run()
                }
            } else if down > 0 && !arrays.isEmpty {
                out.append(arrays.removeLast() ? UInt8(ascii: "]") : UInt8(ascii: "}"))
                down -= 1
                if !bare && down > 0 && !arrays.isEmpty && random.chance(0.3) {
                    out += Array((arrays.last! ? "," : ",\"v\":").utf8)
                    out += Array("2".utf8)
                }
            } else if !arrays.isEmpty {
                out += Array((arrays.last! ? "," : ",\"v\":").utf8)
                needValue = true
                up = run()
            } else {
                break
            }
        }
        return (prefix, out + [UInt8](repeating: 0x20, count: 100))
    }

    @Test func stateWhereBlocksStopMatchesTheBytePath() throws {
        var random = AttackRandom(seed: 0x1E7E_15A1)
        var taken = 0
        for number in 0..<Self.caseCount {
            let (prefix, bytes) = Self.walk(&random)
            let countsOnly = random.chance(0.5)
            for kernel in BlockKernel.allCases where BlockKernel.runs(kernel) {
                var validator = JSONValidator()
                validator.blockChoice = BlockPathChoice(fixed: true, kernel: kernel)
                let stop = bytes.withUnsafeBytes { raw in
                    try? validator.consume(UnsafeRawBufferPointer(rebasing: raw[0..<prefix.count]))
                    let window = JSONValidator.Window(raw: raw.baseAddress!, bytes: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                      count: bytes.count, last: bytes.count - 64, base: 0)
                    return validator.blocks(window, from: prefix.count, countsOnly: countsOnly)
                }
                taken += stop - prefix.count
                var reference = JSONValidator()
                reference.blockChoice = BlockPathChoice(fixed: false)
                try bytes.withUnsafeBytes { raw in try reference.consume(UnsafeRawBufferPointer(rebasing: raw[0..<stop])) }
                let what = "case \(number), \(kernel), prefix \(prefix.count), stop \(stop)"
                guard validator.state == reference.state, validator.containers.depth == reference.containers.depth else {
                    Issue.record("\(what): state \(validator.state) at depth \(validator.containers.depth), byte path \(reference.state) at \(reference.containers.depth)")
                    return
                }
                var actual = validator.containers, expected = reference.containers
                while !expected.isEmpty {
                    guard actual.innermostIsArray == expected.innermostIsArray else {
                        Issue.record("\(what): level \(expected.depth - 1) of \(reference.containers.depth) differs")
                        return
                    }
                    actual.pop()
                    expected.pop()
                }
                // And the rest read on from there: the text is valid.
                do {
                    try bytes.withUnsafeBytes { raw in try validator.consume(UnsafeRawBufferPointer(rebasing: raw[stop...])) }
                    try validator.finish()
                } catch {
                    Issue.record("\(what): \(error)")
                    return
                }
            }
        }
        // Most of the text went through blocks (else this checks little).
        #expect(taken > Self.caseCount * 300)
    }
}
