import Testing
@testable import Shelf
@testable import shelf_bench

/// The vectorised validator against its own byte-at-a-time path (Reference/ValidatorComparison):
/// on JSONTestSuite, on mutations of realistic documents, on every UTF-8 shape, cut into chunks
/// every way. Both must agree on the verdict, the error's offset, line, column and message, and
/// the events; the byte path must give JSONTestSuite's verdicts.
/// Inputs are padded past 64 bytes where needed, since shorter chunks never reach the vector path.
/// Random choices come from the bench's seeded generator, so a failure replays.
@Suite struct JSONValidatorDifferentialTests {
    static let pad = [UInt8](repeating: 0x20, count: 70)

    /// Each file as it is, between blanks, after a long string in an array, and as two JSON Lines.
    static func variants(_ bytes: [UInt8]) -> [(bytes: [UInt8], mode: JSONValidator.Mode)] {
        let string = Array("[\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 70) + Array("\",".utf8)
        return [(bytes, .single), (pad + bytes + pad, .single), (string + bytes + Array("]".utf8), .single),
                (bytes + [0x0A] + pad + bytes, .lines)]
    }

    @Test func jsonTestSuiteAgreesWholeAndCutAtEveryPoint() throws {
        var random = JSONText(seed: 16)
        var checked = 0
        for file in try ValidatorComparison.suite() {
            for (bytes, mode) in Self.variants(file.bytes) {
                var cutsToTry: [[Int]] = [[]]
                if bytes.count <= 400 { cutsToTry += stride(from: 1, to: bytes.count, by: 1).map { [$0] } }
                for _ in 0..<10 { cutsToTry.append(randomCuts(bytes.count, &random)) }
                for cuts in cutsToTry {
                    checked += 1
                    if let mismatch = ValidatorComparison.mismatch(bytes, cuts: cuts, mode: mode) {
                        Issue.record("\(file.name): \(mismatch)")
                        break
                    }
                }
            }
        }
        #expect(checked > 100_000)
    }

    /// `y_` files are valid JSON, `n_` files not (`i_` files are the parser's choice).
    @Test func theBytePathGivesJSONTestSuitesVerdicts() throws {
        var judged = 0
        for file in try ValidatorComparison.suite() where !file.name.hasPrefix("i_") {
            judged += 1
            let error = ValidatorComparison.reference(file.bytes, mode: .single).error
            if (error == nil) != file.name.hasPrefix("y_") { Issue.record("\(file.name): \(error?.message ?? "valid")") }
        }
        #expect(judged > 250)
    }

    @Test(arguments: JSONCorpus.allCases)
    func mutationsOfGeneratedDocumentsAgree(_ kind: JSONCorpus) {
        var random = JSONText(seed: UInt64(kind.rawValue.utf8.count) &* 7919)
        let seed = kind.make(bytes: 3000, seed: 42)
        let alphabet = Array("\"\\{}[],: \n\t0-e.+Etfnu/a".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xE2, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]
        for round in 0..<300 {
            let bytes = RandomEdits.apply(1 + random.next(3), to: seed, alphabet: alphabet) { random.next($0) }
            for cuts in [[], randomCuts(bytes.count, &random)] {
                if let mismatch = ValidatorComparison.mismatch(bytes, cuts: cuts) {
                    Issue.record("\(kind) mutation \(round): \(mismatch)")
                    return
                }
            }
        }
    }

    @Test(arguments: JSONCorpus.allCases)
    func generatedDocumentsAgreeInRandomChunks(_ kind: JSONCorpus) {
        var random = JSONText(seed: 99)
        let bytes = kind.make(bytes: 200_000, seed: 7)
        for cuts in [[]] + (0..<20).map({ _ in randomCuts(bytes.count, &random, maxPiece: 5000) }) {
            if let mismatch = ValidatorComparison.mismatch(bytes, cuts: cuts) {
                Issue.record("\(kind): \(mismatch)")
                return
            }
        }
        #expect(ValidatorComparison.shipped(bytes, [0..<bytes.count], mode: .single).error == nil)
    }

    /// Every byte pair, and triples and quadruples built from each lead byte's edge cases, inside
    /// a long string at every position relative to a 16-byte vector.
    @Test func everyUTF8ShapeAgreesAtEveryAlignment() {
        let edges: [UInt8] = [0x00, 0x22, 0x41, 0x5C, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xF0, 0xF4, 0xFF]
        var shapes: [[UInt8]] = []
        for first in 0x80...0xFF {
            for second in 0...0xFF { shapes.append([UInt8(first), UInt8(second)]) }
            for second in edges { for third in edges { shapes.append([UInt8(first), second, third]) } }
            for second in [0x80, 0x90, 0xA0, 0xBF] as [UInt8] {
                for third in edges { for fourth in edges { shapes.append([UInt8(first), second, third, fourth]) } }
            }
        }
        for (number, shape) in shapes.enumerated() {
            let before = [UInt8](repeating: UInt8(ascii: "x"), count: 3 + number % 19)
            let bytes = Array("[\"".utf8) + before + Array("é€".utf8) + shape + Array("😀\"]".utf8) + Self.pad
            if let mismatch = ValidatorComparison.mismatch(bytes) {
                Issue.record("\(shape.map { String($0, radix: 16) }): \(mismatch)")
                return
            }
        }
    }

    /// Errors deep into non-ASCII text on a later line still count columns in characters, also
    /// after strings long enough for the lane counters to be emptied on the way.
    @Test(arguments: ["naïve 日本語 😀 ", "é", "€", "😀"], [40, 6000])
    func columnsCountCharactersAfterVectorisedText(_ piece: String, _ count: Int) {
        let text = String(repeating: piece, count: count)
        let bytes = Array("{\"a\": 1,\n\"b\": \"\(text)\" \"c\"}".utf8) + Self.pad
        let error = ValidatorComparison.shipped(bytes, [0..<bytes.count], mode: .single).error
        #expect(error?.line == 2)
        #expect(error?.column == 6 + text.count + 3)
        #expect(ValidatorComparison.mismatch(bytes, cuts: [bytes.count / 3, bytes.count / 2]) == nil)
    }

    func randomCuts(_ count: Int, _ random: inout JSONText, maxPiece: Int = 200) -> [Int] {
        RandomEdits.cuts(count, maxPiece: maxPiece) { random.next($0) }
    }
}
