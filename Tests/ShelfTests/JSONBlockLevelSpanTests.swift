import Testing
@testable import ShelfCore

/// The levels a block run may move through (JSONValidator.blocks): its stack is one 64-bit word
/// holding the innermost 64 levels, so it knows the container each depth stands in only across
/// 64 depths. A run allowed from `lowest` to `lowest + 64` pushes the container under `lowest`
/// out of the word on its way to the top, and back at `lowest` reads the zero shifted in for it:
/// an object where there is an array (the case JSONBlockDeepRegressionTests keeps).
@Suite struct JSONBlockLevelSpanTests {
    /// 100 arrays open, then in one run: 32 opens to 132, 64 closes to 68 and a comma in the
    /// array at level 67, the block ending on that comma (a string runs past it), then valid JSON.
    /// The run's levels start 32 under 100, so 68 is its lowest depth and 132 its top before the fix.
    static let prefix = [UInt8](repeating: UInt8(ascii: "["), count: 100)
    static let body: [UInt8] = {
        var body = [UInt8](repeating: UInt8(ascii: "["), count: 32) + [UInt8](repeating: UInt8(ascii: "]"), count: 64)
        body += Array(",".utf8) + Array("\"\(String(repeating: "x", count: 40))\"".utf8)
        return body + [UInt8](repeating: UInt8(ascii: "]"), count: 68) + [UInt8](repeating: 0x20, count: 100)
    }()

    @Test func runBackAtItsLowestDepthKnowsTheContainerItStandsIn() throws {
        let all = Self.prefix + Self.body
        // Where the comma stands: the state after it is a value in an array, not a key.
        let comma = Self.prefix.count + 96
        #expect(all[comma] == UInt8(ascii: ","))
        for kernel in BlockKernel.allCases where BlockKernel.runs(kernel) {
            var validator = JSONValidator()
            validator.blockChoice = BlockPathChoice(fixed: true, kernel: kernel)
            let taken = all.withUnsafeBytes { raw in
                try? validator.consume(UnsafeRawBufferPointer(rebasing: raw[0..<Self.prefix.count]))
                let window = JSONValidator.Window(raw: raw.baseAddress!, bytes: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                  count: all.count, last: all.count - 64, base: 0)
                return validator.blocks(window, from: Self.prefix.count, countsOnly: true)
            }
            // The run must have taken the climb, the closes and the comma in blocks (else this checks nothing).
            #expect(taken > comma, "\(kernel)")
            // Where it stopped, the state and every open level as the byte-at-a-time path has them.
            var reference = JSONValidator()
            reference.blockChoice = BlockPathChoice(fixed: false)
            for at in 0..<taken { try all.withUnsafeBytes { raw in try reference.consume(UnsafeRawBufferPointer(rebasing: raw[at...at])) } }
            #expect(validator.state == reference.state, "\(kernel): state at \(taken)")
            #expect(validator.containers.depth == reference.containers.depth, "\(kernel): depth at \(taken)")
            var actual = validator.containers, expected = reference.containers
            while !expected.isEmpty && actual.depth == expected.depth {
                #expect(actual.innermostIsArray == expected.innermostIsArray, "\(kernel): level \(expected.depth - 1)")
                actual.pop()
                expected.pop()
            }
            // Read on from there: the text is valid.
            #expect(throws: Never.self, "\(kernel)") {
                try all.withUnsafeBytes { raw in try validator.consume(UnsafeRawBufferPointer(rebasing: raw[taken...])) }
                try validator.finish()
            }
        }
    }
}
