import Testing
@testable import ShelfCore

/// `UTF8Text.validated` stands in for `String(validating:as:)` on every argument, variable and
/// name: it must accept exactly valid UTF-8, including the invalid inputs whose repaired text
/// has the same length (a truncated 4-byte sequence becomes one 3-byte U+FFFD).
@Suite struct UTF8TextTests {
    /// Valid text comes back as it is (from an array or a slice), invalid bytes are refused: the
    /// standard library's answer for each.
    @Test(arguments: ["", "caches", "café", "日本語", "a\u{0}b", "🙂 emoji", "\u{10FFFF}"].map { Array($0.utf8) } + [
        [0xF0, 0x90, 0x80],            // truncated 4-byte sequence: repaired to EF BF BD, same length
        [0x63, 0x61, 0x66, 0xE9],      // Latin-1 é
        [0x80], [0xFF, 0xFE], [0xC0, 0xAF],  // lone continuation, never-valid bytes, overlong '/'
        [0xED, 0xA0, 0x80],            // a UTF-16 surrogate encoded in UTF-8
        [0xEF, 0xBF, 0xBD, 0xFF],      // a real U+FFFD followed by an invalid byte
    ])
    func agreesWithTheStandardLibrary(_ bytes: [UInt8]) {
        let expected = String(validating: bytes, as: UTF8.self)
        #expect(UTF8Text.validated(bytes) == expected)
        #expect(UTF8Text.validated(bytes[...]) == expected)
    }

    @Test func agreesWithTheStandardLibraryOnEveryTwoByteInput() {
        var disagreements: [[UInt8]] = []
        for first in 0...255 {
            for second in 0...255 {
                let bytes = [UInt8(first), UInt8(second)]
                if UTF8Text.validated(bytes) != String(validating: bytes, as: UTF8.self) { disagreements.append(bytes) }
            }
        }
        #expect(disagreements.isEmpty)
    }
}
