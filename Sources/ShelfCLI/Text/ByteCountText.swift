import ShelfCore

/// Sizes as people type them: a number of bytes with an optional binary unit, `500K`, `10M`,
/// `2G`, `1T` (also `KiB`, `MB`, lower case). The units are powers of 1024, like `du`, `df -h`
/// and shelf's own `--human` output, which says `KiB` to make that unambiguous.
enum ByteCountText {
    /// Unit letters and their powers of 1024.
    static let powers: [Character: Int] = ["B": 0, "K": 1, "M": 2, "G": 3, "T": 4, "P": 5, "E": 6]

    static let expected = "expected a number of bytes with an optional unit (K, M, G, T; powers of 1024), such as 500K, 10M or 2G"

    /// The number of bytes `text` spells.
    /// - Throws: `ValueSyntaxError` for anything else, or a value that does not fit in 64 bits.
    static func bytes(_ text: String) throws -> Int64 {
        let bytes = Array(text.utf8)
        var index = 0
        guard let number = readDecimal(bytes, &index) else {
            throw ValueSyntaxError(text, bytes.first.map(isDecimalDigit) == true ? "the size is too large" : expected)
        }
        let suffix = String(decoding: bytes[index...], as: UTF8.self).uppercased()
        let power: Int
        switch suffix {
        case "": power = 0
        case "B": power = 0
        default:
            // K, KB, KIB (any case) all mean 1024.
            guard let letter = suffix.first, let p = powers[letter], letter != "B",
                  ["", "B", "IB"].contains(String(suffix.dropFirst())) else {
                throw ValueSyntaxError(text, "unknown unit '\(String(decoding: bytes[index...], as: UTF8.self))'; " + expected)
            }
            power = p
        }
        var value = number
        for _ in 0..<power {
            let (next, overflow) = value.multipliedReportingOverflow(by: 1024)
            if overflow { throw ValueSyntaxError(text, "the size is too large") }
            value = next
        }
        return value
    }
}
