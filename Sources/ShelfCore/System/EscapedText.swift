/// How shelf shows a name that may hold any byte (docs/formats.md, "Names are bytes"): as one line
/// of text that cannot be mistaken for another name and sends nothing to the terminal.
/// - printable characters of valid UTF-8 stay as they are;
/// - a backslash becomes `\\`;
/// - newline, tab, carriage return and escape become `\n`, `\t`, `\r` and `\e`;
/// - other control characters (C0, DEL and C1, U+0080 to U+009F) and every byte that is not part
///   of valid UTF-8 become `\xHH`, one per byte, in upper-case hex.
/// Escaping is reversible, so two names never show the same. Listings escape every name this way.
/// Messages and the Swift API show a valid UTF-8 name as its text (`text`), and escape it only
/// where it is not; a message escapes its control characters as a whole when printed.
package enum EscapedText {
    /// Valid UTF-8 as it is, anything else escaped: how messages and the Swift API show a name.
    package static func text(_ bytes: [UInt8]) -> String {
        UTF8Text.validated(bytes) ?? escaping(bytes)
    }

    /// The escaped text of `bytes`; backslashes left alone unless `backslashes`.
    package static func escaping(_ bytes: [UInt8], backslashes: Bool = true) -> String {
        if bytes.allSatisfy(isPlain) { return String(decoding: bytes, as: UTF8.self) }
        var out = ""
        UTF8Pieces.forEach(bytes) { scalar, range in
            guard let scalar else { return out += hex(bytes[range.lowerBound]) }
            if scalar == "\\" && backslashes {
                out += "\\\\"
            } else if isControl(scalar) {
                out += escape(scalar, bytes: Array(bytes[range]))
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static let backslash = UInt8(ascii: "\\")

    /// A byte that shows as itself whatever surrounds it: printable ASCII but the backslash.
    package static func isPlain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F && byte != backslash }

    fileprivate static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    private static func escape(_ scalar: Unicode.Scalar, bytes: [UInt8]) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        case "\u{1B}": return "\\e"
        default: return bytes.map(hex).joined()
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }
}

/// Text with its control characters escaped as `EscapedText.escaping` does, backslashes left alone:
/// for messages, whose names are already escaped. Names may hold any byte; a message must stay on
/// one line, and a name must not be able to send escape sequences to the terminal.
/// (`package`: the command line escapes its messages too.)
package func printable(_ text: String) -> String {
    text.unicodeScalars.contains(where: EscapedText.isControl) ? EscapedText.escaping(Array(text.utf8), backslashes: false) : text
}
