import Shelf

/// The grammar, one state at a time. `step` sees each byte once, except the byte that ends a
/// number, which is seen again in the state after the number.
extension ScalarJSONValidator {
    static let trueBytes = Array("true".utf8)
    static let falseBytes = Array("false".utf8)
    static let nullBytes = Array("null".utf8)

    @inline(__always)
    mutating func step<Events: JSONEventHandler>(_ byte: UInt8, events: inout Events) throws(JSONSyntaxError) {
        while true {
            switch state {
            case .value, .valueOrClose:
                if try skipsWhitespace(byte) { return }
                if byte == ScalarByte.closeBracket && state == .valueOrClose { return close(events: &events) }
                return try beginValue(byte, events: &events)
            case .keyOrClose, .key:
                if try skipsWhitespace(byte) { return }
                if byte == ScalarByte.quote {
                    stringIsKey = true
                    state = .string
                } else if byte == ScalarByte.closeBrace && state == .keyOrClose {
                    close(events: &events)
                } else {
                    let after = state == .key ? " after ',' (trailing commas are not allowed)" : " or '}'"
                    throw error("expected a string key in double quotes\(after), found \(ScalarByte.describe(byte))")
                }
                return
            case .colon:
                if try skipsWhitespace(byte) { return }
                guard byte == ScalarByte.colon else { throw error("expected ':' after an object key, found \(ScalarByte.describe(byte))") }
                state = .value
                return
            case .afterValue:
                if try skipsWhitespace(byte) { return }
                let inArray = containers[containers.count - 1]
                if byte == ScalarByte.comma {
                    state = inArray ? .value : .key
                } else if byte == (inArray ? ScalarByte.closeBracket : ScalarByte.closeBrace) {
                    close(events: &events)
                } else {
                    let expected = inArray ? "',' or ']' after an array element" : "',' or '}' after an object member"
                    throw error("expected \(expected), found \(ScalarByte.describe(byte))")
                }
                return
            case .string, .escape, .unicodeHex, .utf8:
                return try stringByte(byte, events: &events)
            case .minus, .zero, .integer, .dot, .fraction, .exponentMark, .exponentSign, .exponent:
                if try numberByte(byte) { return }
                endValue(at: offset, events: &events)
                continue  // the byte after a number belongs to what follows it
            case .literal:
                let index = literal.count - pending
                guard byte == literal[index] else {
                    throw error("invalid literal: expected '\(String(decoding: literal, as: UTF8.self))', found \(ScalarByte.describe(byte))")
                }
                pending -= 1
                if pending == 0 { endValue(at: offset + 1, events: &events) }
                return
            case .done:
                if ScalarByte.isWhitespace(byte) {
                    if byte == ScalarByte.newline { noteNewline() }
                    return
                }
                throw error("unexpected \(ScalarByte.describe(byte)) after the JSON value: a .json file holds exactly one JSON text")
            case .lineEnd:
                if byte == 0x20 || byte == 0x09 || byte == 0x0D { return }
                guard byte == ScalarByte.newline else {
                    throw error("expected a line break after the value, found \(ScalarByte.describe(byte)): JSON Lines hold one value per line")
                }
                noteNewline()
                state = .value
                return
            }
        }
    }

    /// Whitespace between tokens; in `.lines` mode a line break may only come between values.
    @inline(__always)
    mutating func skipsWhitespace(_ byte: UInt8) throws(JSONSyntaxError) -> Bool {
        guard ScalarByte.isWhitespace(byte) else { return false }
        if byte == ScalarByte.newline && mode == .lines && !containers.isEmpty {
            throw error("unexpected line break inside a value: in JSON Lines each value must fit on one line")
        }
        if byte == ScalarByte.newline { noteNewline() }
        return true
    }

    mutating func beginValue<Events: JSONEventHandler>(_ byte: UInt8, events: inout Events) throws(JSONSyntaxError) {
        let kind: JSONKind
        switch byte {
        case ScalarByte.openBrace: kind = .object
        case ScalarByte.openBracket: kind = .array
        case ScalarByte.quote: kind = .string
        case ScalarByte.minus, ScalarByte.zero...ScalarByte.nine: kind = .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): kind = .literal
        default: throw error(unexpectedValueMessage(byte))
        }
        if containers.isEmpty {
            if topLevelKind == nil { topLevelKind = kind }
        } else if mode == .single && containers.count == 1 && containers[0] {
            topLevelElementCount += 1
            events.topLevelElementBegan(at: offset)
        }
        switch byte {
        case ScalarByte.openBrace, ScalarByte.openBracket:
            guard containers.count < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
            containers.append(byte == ScalarByte.openBracket)
            state = byte == ScalarByte.openBracket ? .valueOrClose : .keyOrClose
        case ScalarByte.quote:
            stringIsKey = false
            state = .string
        case ScalarByte.minus: state = .minus
        case ScalarByte.zero: state = .zero
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            literal = byte == UInt8(ascii: "t") ? Self.trueBytes : byte == UInt8(ascii: "f") ? Self.falseBytes : Self.nullBytes
            pending = literal.count - 1
            state = .literal
        default: state = .integer
        }
    }

    func unexpectedValueMessage(_ byte: UInt8) -> String {
        if offset == 0 && byte == 0xEF { return "a byte order mark is not allowed at the start of JSON; save the file as UTF-8 without BOM" }
        if byte == ScalarByte.closeBracket || byte == ScalarByte.closeBrace {
            return "expected a value, found \(ScalarByte.describe(byte)) (trailing commas are not allowed)"
        }
        if byte == UInt8(ascii: "'") { return "expected a value, found \"'\": JSON strings use double quotes" }
        return "expected a value (object, array, string, number, true, false or null), found \(ScalarByte.describe(byte))"
    }

    mutating func close<Events: JSONEventHandler>(events: inout Events) {
        containers.removeLast()
        endValue(at: offset + 1, events: &events)
    }

    /// A value that ends just before `end` is complete: move to what may follow it.
    mutating func endValue<Events: JSONEventHandler>(at end: Int, events: inout Events) {
        if containers.isEmpty {
            valueCount += 1
            if mode == .lines {
                events.lineValueEnded(at: end)
                state = .lineEnd
            } else {
                state = .done
            }
            return
        }
        if mode == .single && containers.count == 1 && containers[0] { events.topLevelElementEnded(at: end) }
        state = .afterValue
    }
}
