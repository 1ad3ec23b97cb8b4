import Shelf

/// Strings (escapes and UTF-8 checked byte by byte) and numbers.
extension ScalarJSONValidator {
    mutating func stringByte<Events: JSONEventHandler>(_ byte: UInt8, events: inout Events) throws(JSONSyntaxError) {
        switch state {
        case .escape:
            switch byte {
            case ScalarByte.quote, ScalarByte.backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                state = .string
            case UInt8(ascii: "u"):
                pending = 4
                state = .unicodeHex
            default:
                throw error("invalid escape '\\\(byte < 0x80 ? String(Character(Unicode.Scalar(byte))) : "…")' in a string: use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
            }
        case .unicodeHex:
            guard ScalarByte.isHexDigit(byte) else { throw error("expected a hex digit in a \\u escape, found \(ScalarByte.describe(byte))") }
            pending -= 1
            if pending == 0 { state = .string }
        case .utf8:
            guard byte >= utf8Low && byte <= utf8High else { throw error("invalid UTF-8: unexpected \(ScalarByte.describe(byte)) inside a character") }
            pending -= 1
            continuations += 1
            utf8Low = 0x80
            utf8High = 0xBF
            if pending == 0 { state = .string }
        default:
            try plainStringByte(byte, events: &events)
        }
    }

    mutating func plainStringByte<Events: JSONEventHandler>(_ byte: UInt8, events: inout Events) throws(JSONSyntaxError) {
        switch byte {
        case ScalarByte.quote:
            if stringIsKey {
                state = .colon
            } else {
                endValue(at: offset + 1, events: &events)
            }
        case ScalarByte.backslash:
            state = .escape
        case 0..<0x20:
            if byte == ScalarByte.newline { throw error("line break inside a string: a closing '\"' is missing, or write it as \\n") }
            throw error("control character \(ScalarByte.describe(byte)) inside a string: write it as a \\u escape")
        default:
            try beginUTF8Sequence(byte)
        }
    }

    /// The lead byte of a multi-byte character fixes how many continuation bytes follow and the range of
    /// the first one, which is what rules out overlong forms, surrogates and code points past U+10FFFF.
    mutating func beginUTF8Sequence(_ byte: UInt8) throws(JSONSyntaxError) {
        switch byte {
        case 0xC2...0xDF: pending = 1
        case 0xE0: pending = 2; utf8Low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: pending = 2
        case 0xED: pending = 2; utf8High = 0x9F
        case 0xF0: pending = 3; utf8Low = 0x90
        case 0xF1...0xF3: pending = 3
        case 0xF4: pending = 3; utf8High = 0x8F
        default: throw error("invalid UTF-8: \(ScalarByte.describe(byte)) cannot start a character; JSON must be UTF-8")
        }
        state = .utf8
    }

    /// Returns false when `byte` ends the number (it is then seen again by the state that follows).
    mutating func numberByte(_ byte: UInt8) throws(JSONSyntaxError) -> Bool {
        let digit = ScalarByte.isDigit(byte)
        let exponent = byte | 0x20 == UInt8(ascii: "e")
        switch state {
        case .minus:
            guard digit else { throw error("expected a digit after '-', found \(ScalarByte.describe(byte))") }
            state = byte == ScalarByte.zero ? .zero : .integer
        case .zero:
            if digit { throw error("leading zeros are not allowed in numbers") }
            if byte == UInt8(ascii: ".") { state = .dot } else if exponent { state = .exponentMark } else { return false }
        case .integer:
            if digit { return true }
            if byte == UInt8(ascii: ".") { state = .dot } else if exponent { state = .exponentMark } else { return false }
        case .dot:
            guard digit else { throw error("expected a digit after the decimal point, found \(ScalarByte.describe(byte))") }
            state = .fraction
        case .fraction:
            if digit { return true }
            if exponent { state = .exponentMark } else { return false }
        case .exponentMark:
            if byte == UInt8(ascii: "+") || byte == ScalarByte.minus { state = .exponentSign; return true }
            guard digit else { throw error("expected a digit in the exponent, found \(ScalarByte.describe(byte))") }
            state = .exponent
        case .exponentSign:
            guard digit else { throw error("expected a digit in the exponent, found \(ScalarByte.describe(byte))") }
            state = .exponent
        default:
            if !digit { return false }
        }
        return true
    }
}
