import Testing
@testable import ShelfCore

/// The levels a block run may move through (JSONValidator.blocks): its stack is one 64-bit word
/// holding the innermost 64 levels, so it knows the container each depth stands in only across
/// 64 depths. A run allowed from `lowest` to `lowest + 64` pushes the container under `lowest`
/// out of the word on its way to the top, and back at `lowest` reads the zero shifted in for it:
/// an object where there is an array (the case JSONBlockDeepRegressionTests keeps).
@Suite struct JSONBlockLevelSpanTests {
    static func brackets(_ byte: Character, _ count: Int) -> [UInt8] { Array(String(repeating: byte, count: count).utf8) }

    /// After the 100 arrays of `prefix`, `body` (in one call of the block path from its first
    /// byte) and then a comma in an array, the block before it ending on that comma (a string
    /// runs past it), then valid JSON to the end: 68 arrays to close and blanks.
    static func text(_ body: [UInt8], closing: Int) -> (bytes: [UInt8], comma: Int) {
        let string = Array("\"\(String(repeating: "x", count: 80))\"".utf8)
        let bytes = brackets("[", 100) + body + Array(",".utf8) + string + brackets("]", closing) + [UInt8](repeating: 0x20, count: 100)
        return (bytes, 100 + body.count)
    }

    /// Runs the block path from byte 100 after the token path read the 100 arrays, and holds where
    /// it stopped (state, depth, every open level) to the byte-at-a-time path, then reads on.
    static func check(_ bytes: [UInt8], comma: Int) throws {
        #expect(bytes[comma] == UInt8(ascii: ","))
        for kernel in BlockKernel.allCases where BlockKernel.runs(kernel) {
            var validator = JSONValidator()
            validator.blockChoice = BlockPathChoice(fixed: true, kernel: kernel)
            let taken = bytes.withUnsafeBytes { raw in
                try? validator.consume(UnsafeRawBufferPointer(rebasing: raw[0..<100]))
                let window = JSONValidator.Window(raw: raw.baseAddress!, bytes: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                  count: bytes.count, last: bytes.count - 64, base: 0)
                return validator.blocks(window, from: 100, countsOnly: true)
            }
            // The run must have taken everything up to the comma in blocks (else this checks nothing).
            #expect(taken > comma, "\(kernel)")
            var reference = JSONValidator()
            reference.blockChoice = BlockPathChoice(fixed: false)
            for at in 0..<taken { try bytes.withUnsafeBytes { raw in try reference.consume(UnsafeRawBufferPointer(rebasing: raw[at...at])) } }
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
                try bytes.withUnsafeBytes { raw in try validator.consume(UnsafeRawBufferPointer(rebasing: raw[taken...])) }
                try validator.finish()
            }
        }
    }

    /// 32 opens to 132 and 64 closes to 68 in two blocks, the comma in the array at level 67: the
    /// run's levels start 32 under 100, so 68 is its lowest depth (and was 64 under its top).
    @Test func runBackAtItsLowestDepthKnowsTheContainerItStandsIn() throws {
        let (bytes, comma) = Self.text(Self.brackets("[", 32) + Self.brackets("]", 64), closing: 68)
        try Self.check(bytes, comma: comma)
    }

    /// A block of 64 opens, then one of 64 closes back to 100, the comma in the array at level 99:
    /// each block spans 65 depths, so fits no 64 levels and runs alone.
    @Test func blocksOfBareBracketsLeaveTheContainerUnderThemKnown() throws {
        let (bytes, comma) = Self.text(Self.brackets("[", 64) + Self.brackets("]", 64), closing: 100)
        try Self.check(bytes, comma: comma)
    }

    /// Runs of bare brackets longer than a block stay on the block path (a block of 64 of them at
    /// a time, run alone), up and down.
    @Test func bareBracketRunsAreTakenByBlocks() {
        let body = Self.brackets("[", 300) + Self.brackets("]", 300)
        let padded = body + Array(",0".utf8) + [UInt8](repeating: 0x20, count: 200)
        #expect(JSONBlockPathTests.takenByBlocks(padded, after: Self.brackets("[", 60)) > body.count - 64)
    }
}
