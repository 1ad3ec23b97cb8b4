import ShelfCore

/// A name quoted for the shell as GNU ls shows it on a terminal (`--quoting-style=shell-escape`),
/// so that it can be pasted back as one word: a name that needs nothing stays as it is; one with
/// shell characters goes in single quotes (`'a b'`, `'it'\''s'`), or in double quotes when its only
/// specials are `'` and spaces (`"it's"`); control characters and bytes that are not UTF-8 become
/// `$'…'` pieces, with `\n`, `\t`, `\r`, `\a`, `\b`, `\f`, `\v` or octal (`'evil'$'\n''x'`,
/// `'caf'$'\351''.txt'`), so that none reaches the terminal as it is.
enum ShellQuoted {
    static func quoted(_ name: [UInt8]) -> [UInt8] {
        let pieces = Piece.split(name)
        guard pieces.contains(where: { $0.forcesQuotes || $0.escaped }) else { return name }
        if pieces.contains(where: { $0.bytes == [quote] }), pieces.allSatisfy(\.fitsDoubleQuotes) {
            return [doubleQuote] + name + [doubleQuote]
        }
        var out: [UInt8] = [quote]
        var inEscape = false
        for piece in pieces {
            if piece.escaped {
                if !inEscape { out += Array("'$'".utf8) }
                inEscape = true
                out += piece.bytes.flatMap(escape)
                continue
            }
            // Close `$'…'` and open a single-quoted piece again.
            if inEscape { out += [quote, quote] }
            inEscape = false
            out += piece.bytes == [quote] ? Array(#"'\''"#.utf8) : piece.bytes
        }
        return out + [quote]
    }

    private static let quote = UInt8(ascii: "'")
    private static let doubleQuote = UInt8(ascii: "\"")

    /// A character of a name (or one byte that is not part of valid UTF-8), as quoting sees it.
    private struct Piece {
        let bytes: [UInt8]
        /// Shown inside `$'…'`: a control character or a byte that is not UTF-8.
        let escaped: Bool
        /// Means something to the shell, so the name must be quoted.
        let forcesQuotes: Bool
        /// Reads the same inside double quotes as inside single quotes.
        let fitsDoubleQuotes: Bool

        static func split(_ name: [UInt8]) -> [Piece] {
            var pieces: [Piece] = []
            UTF8Pieces.forEach(name) { scalar, range in
                let bytes = Array(name[range])
                guard let scalar else {
                    return pieces.append(Piece(bytes: bytes, escaped: true, forcesQuotes: true, fitsDoubleQuotes: false))
                }
                pieces.append(piece(bytes, scalar, first: range.lowerBound == 0, alone: range.count == name.count))
            }
            return pieces
        }

        /// The classes of GNU's quotearg for the shell styles.
        private static func piece(_ bytes: [UInt8], _ scalar: Unicode.Scalar, first: Bool, alone: Bool) -> Piece {
            let value = scalar.value
            if value < 0x20 || (0x7F..<0xA0).contains(value) {
                return Piece(bytes: bytes, escaped: true, forcesQuotes: true, fitsDoubleQuotes: false)
            }
            switch scalar {
            case " ", "'":
                return Piece(bytes: bytes, escaped: false, forcesQuotes: true, fitsDoubleQuotes: true)
            case "#", "~":
                // Special only at the start of a word.
                return Piece(bytes: bytes, escaped: false, forcesQuotes: first, fitsDoubleQuotes: first)
            case "{", "}":
                // Special only as a word of their own.
                return Piece(bytes: bytes, escaped: false, forcesQuotes: alone, fitsDoubleQuotes: alone)
            case "!", "\"", "$", "&", "(", ")", "*", ";", "<", "=", ">", "?", "[", "\\", "^", "`", "|":
                return Piece(bytes: bytes, escaped: false, forcesQuotes: true, fitsDoubleQuotes: false)
            default:
                return Piece(bytes: bytes, escaped: false, forcesQuotes: false, fitsDoubleQuotes: true)
            }
        }
    }

    /// One byte inside `$'…'`.
    private static func escape(_ byte: UInt8) -> [UInt8] {
        let named: [UInt8: Unicode.Scalar] = [7: "a", 8: "b", 9: "t", 10: "n", 11: "v", 12: "f", 13: "r"]
        if let letter = named[byte] { return [UInt8(ascii: "\\"), UInt8(ascii: letter)] }
        let digits = [byte >> 6, (byte >> 3) & 7, byte & 7].map { UInt8(ascii: "0") + $0 }
        return [UInt8(ascii: "\\")] + digits
    }
}
