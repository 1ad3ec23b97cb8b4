import Testing
@testable import Shelf
@testable import shelf_bench

/// The token shortcuts of the vectorised validator (numbers judged without a branch per part,
/// escapes judged from a table) against the byte-at-a-time path: every spelling of a number and
/// every escape, valid or not, at every alignment and with the stream cut around them, must give
/// the same verdict, error position and message.
@Suite struct JSONValidatorTokenTests {
    static let pad = [UInt8](repeating: 0x20, count: 70)
    /// A string that starts this far in reaches the vector path from its first byte (one that
    /// starts in the first three bytes of a chunk goes byte by byte to its first special byte, and
    /// an escape there would never meet the shortcut).
    static let opening = Array("[0, \"".utf8)

    /// Number-like tokens: the grammar's edge cases, then random strings of number characters.
    static func numberTokens() -> [String] {
        var tokens = ["0", "-0", "00", "-00", "01", "-01", "0.", "0.5", "-", "-.5", ".5", "1.", "1.e5", "1e", "1e+",
                      "1e-", "1E5", "1e+5", "1e-05", "1.5e-07", "-1.5E+300", "0e0", "-0.0e-0", "1ee5", "1e5.5",
                      "1.2.3", "1e5e5", "--1", "+1", "1+", "1-", "12345678", "123456789", "-123456789012",
                      "0.10000000000000001", String(repeating: "9", count: 47), String(repeating: "9", count: 48),
                      "1." + String(repeating: "5", count: 45), "1." + String(repeating: "5", count: 46),
                      "1.5e" + String(repeating: "1", count: 43), "1.5e" + String(repeating: "1", count: 44),
                      String(repeating: "7", count: 70)]
        var random = JSONText(seed: 2025)
        let alphabet = Array("0123456789-+.eE0123456789".utf8)
        for _ in 0..<1500 {
            let length = 1 + random.next(24)
            var token: [UInt8] = random.next(3) == 0 ? [UInt8(ascii: "-")] : []
            for _ in 0..<length { token.append(alphabet[random.next(random.next(4) == 0 ? alphabet.count : 10)]) }
            tokens.append(String(decoding: token, as: UTF8.self))
        }
        return tokens
    }

    @Test func numbersOfEveryShapeAgreeAtEveryAlignment() {
        let followers = ["", ",", "]", " ", "x", "\"", "e", "."]
        var checked = 0
        for (number, token) in Self.numberTokens().enumerated() {
            let follower = followers[number % followers.count]
            let lead = [UInt8](repeating: 0x20, count: number % 23)
            for bytes in [Array("[".utf8) + lead + Array((token + follower + ",1]").utf8) + Self.pad,
                          Array("{\"k\":".utf8) + lead + Array((token + follower + "}").utf8) + Self.pad] {
                checked += 1
                if let mismatch = ValidatorComparison.mismatch(bytes) {
                    Issue.record("number \(token)\(follower): \(mismatch)")
                    return
                }
            }
        }
        #expect(checked > 3000)
    }

    /// A backslash followed by every byte, and `\u` followed by hex digits and the bytes just
    /// outside each hex range, inside a long string at every alignment.
    @Test func everyEscapeAgreesAtEveryAlignment() {
        var escapes: [[UInt8]] = (0...0xFF).map { [0x5C, UInt8($0), 0x61, 0x61, 0x61, 0x61] }
        let edges = Array("09afAF/:@G`g".utf8) + [0x00, 0x80, 0xB0, 0xC6, 0xFF]
        for (number, edge) in edges.enumerated() {
            for place in 0..<4 {
                var hex = Array("Ab9f".utf8)
                hex[place] = edge
                escapes.append(Array("\\u".utf8) + hex)
                hex[(place + number) % 4] = UInt8(ascii: "0")
                escapes.append(Array("\\u".utf8) + hex)
            }
        }
        for (number, escape) in escapes.enumerated() {
            for alignment in 0..<16 {
                let before = [UInt8](repeating: UInt8(ascii: "x"), count: 3 + alignment + number % 5)
                let bytes = Self.opening + before + escape + Array("yz\"]".utf8) + Self.pad
                if let mismatch = ValidatorComparison.mismatch(bytes) {
                    Issue.record("escape \(escape.map { String($0, radix: 16) }) at \(alignment): \(mismatch)")
                    return
                }
            }
        }
    }

    /// Runs of backslashes, odd and even, ending just before a quote, with the stream cut at every
    /// byte around them: the escape state must carry across chunks whatever the cut.
    @Test func backslashRunsAgreeCutAtEveryPoint() {
        for run in 1...9 {
            let string = [UInt8](repeating: UInt8(ascii: "a"), count: 60) + [UInt8](repeating: 0x5C, count: run)
            let bytes = Self.opening + string + Array("\"]".utf8) + Self.pad
            for cut in 1..<bytes.count {
                if let mismatch = ValidatorComparison.mismatch(bytes, cuts: [cut]) {
                    Issue.record("\(run) backslashes, cut at \(cut): \(mismatch)")
                    return
                }
            }
        }
    }
}
