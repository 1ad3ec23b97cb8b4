import Testing
@testable import Shelf
@testable import shelf_bench

/// The places where a validator that reads blocks of bytes carries state from one block or chunk to
/// the next: a backslash run, an escape, a character of UTF-8 or a number that straddles a 16- or
/// 64-byte boundary, or the point 64 bytes before a chunk's end where `scan` hands over to `step`.
/// Every case is cut at every byte around the straddling token and checked against the scalar
/// reference (verdict, error position and message, events).
@Suite struct JSONValidatorBoundaryTests {
    static let pad = [UInt8](repeating: 0x20, count: 70)

    /// A string value whose `token` starts at `offset` of the document (offset ≥ 5).
    static func inString(_ token: [UInt8], at offset: Int) -> [UInt8] {
        Array("[\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: offset - 2) + token + Array("b\"]".utf8) + pad
    }

    /// Offsets either side of the 16-byte, 64-byte and 128-byte boundaries.
    static let offsets = Array(5..<20) + Array(58..<70) + Array(122..<134)

    /// nil when the reference agrees with no cut and at every cut from `from` to `to`, alone, next
    /// to a second one, and moved 40 and 70 bytes on (the token then lies just inside or just
    /// outside the last 64 bytes of a chunk, where `scan` gives way to `step`).
    static func mismatchAtEveryCut(_ bytes: [UInt8], from: Int, to: Int, by step: Int = 1,
                                   mode: JSONValidator.Mode = .single) -> String? {
        if let mismatch = ValidatorComparison.mismatch(bytes, mode: mode) { return mismatch }
        for cut in stride(from: max(1, from), through: min(to, bytes.count - 1), by: step) {
            for cuts in [[cut], [cut, cut + 1], [cut + 40], [cut + 70]] {
                if let mismatch = ValidatorComparison.mismatch(bytes, cuts: cuts, mode: mode) { return mismatch }
            }
        }
        return nil
    }

    @Test func backslashRunsAndEscapesAgreeAcrossBlockAndChunkBoundaries() {
        var tokens: [[UInt8]] = []
        for run in 1...9 {
            let backslashes = [UInt8](repeating: 0x5C, count: run)
            tokens += [backslashes + Array("\"x".utf8), backslashes + Array("n".utf8), backslashes + Array("u00e9".utf8),
                       backslashes + Array("u00g9".utf8), backslashes + [0x01], backslashes + Array("\\".utf8)]
        }
        var checked = 0
        for (number, token) in tokens.enumerated() {
            for offset in Self.offsets where (offset + number) % 3 == 0 {
                let bytes = Self.inString(token, at: offset)
                checked += 1
                if let mismatch = Self.mismatchAtEveryCut(bytes, from: offset - 1, to: offset + token.count + 1) {
                    Issue.record("\(String(decoding: token, as: UTF8.self).debugDescription) at \(offset): \(mismatch)")
                    return
                }
            }
        }
        #expect(checked > 400)
    }

    /// Valid characters of two, three and four bytes, and a broken one of every kind: a byte that
    /// never starts one, a stray continuation, a character cut short, overlong forms, a surrogate,
    /// a code point past U+10FFFF.
    static let characters: [[UInt8]] = [
        [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
        [0xC0, 0xAF], [0xC1, 0xBF], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xBF, 0xBF],
        [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3, 0x41], [0xE2, 0x41, 0xAC], [0xF0, 0x9F, 0x41, 0x80],
        [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xC3, 0xA9, 0xA9],
    ]

    @Test func charactersAgreeSplitAcrossBlocksAndChunks() {
        var checked = 0
        for (number, character) in Self.characters.enumerated() {
            // The character alone, after a little non-ASCII text, and after a run of characters of
            // every width (the vector UTF-8 path, whose vectors then start inside characters).
            for lead in [[], Array("日本語 é ".utf8), Array("é€😀日本 é€😀日本 ".utf8)] as [[UInt8]] {
                for offset in Self.offsets where (offset + number) % 2 == 0 {
                    let bytes = Self.inString(lead + character + [0xCE, 0xB1], at: offset)
                    let start = offset + lead.count
                    checked += 1
                    if let mismatch = Self.mismatchAtEveryCut(bytes, from: start - 1, to: start + character.count + 1) {
                        Issue.record("\(character.map { String($0, radix: 16) }) at \(start): \(mismatch)")
                        return
                    }
                }
            }
        }
        #expect(checked > 800)
    }

    @Test func numbersAgreeCutAtEveryByte() {
        let tokens = ["0", "-0", "01", "-", "1.", "1.5", "1e", "1e+", "1.5e-07", "-123456789012", "3e+20", "1E5.5",
                      "0.10000000000000001", "-1.5E+300", "12345678", "123456789", "1.2.3", "--1", "1e5e5",
                      String(repeating: "9", count: 47), "1." + String(repeating: "5", count: 46)]
        let followers = ["", ",", "]", " ", "x", "e"]
        var checked = 0
        for (number, token) in tokens.enumerated() {
            for offset in [3, 61, 62, 63, 64, 127] {
                let lead = [UInt8](repeating: 0x20, count: offset - 1)
                let body = token + followers[(number + offset) % followers.count]
                for bytes in [Array("[".utf8) + lead + Array((body + ",1]").utf8) + Self.pad,
                              Array("{\"k\":".utf8) + lead.dropFirst(4) + Array((body + "}").utf8) + Self.pad] {
                    checked += 1
                    if let mismatch = Self.mismatchAtEveryCut(bytes, from: offset - 1, to: offset + body.utf8.count + 1) {
                        Issue.record("number \(body) at \(offset): \(mismatch)")
                        return
                    }
                }
            }
        }
        #expect(checked > 200)
    }

    @Test(arguments: JSONCorpus.allCases)
    func smallDocumentsAgreeSplitAtEveryOffset(_ kind: JSONCorpus) {
        for seed in 1...2 as ClosedRange<UInt64> {
            let document = kind.make(bytes: 160, seed: seed)
            // Whole, and as JSON Lines: three documents, one a line.
            let lines = (0..<3).flatMap { line in
                kind.make(bytes: 60, seed: seed &+ UInt64(line)).map { $0 == 0x0A ? 0x20 : $0 } + [0x0A]
            }
            for (bytes, mode) in [(document, JSONValidator.Mode.single), (lines, .lines)] {
                // Every offset of a small document; of a larger one (a syntax tree is a few KB),
                // about 300 offsets spread over it.
                let step = max(1, bytes.count / 300)
                if let mismatch = Self.mismatchAtEveryCut(bytes, from: 1, to: bytes.count - 1, by: step, mode: mode) {
                    Issue.record("\(kind), seed \(seed), \(mode): \(mismatch)")
                    return
                }
            }
        }
    }
}
