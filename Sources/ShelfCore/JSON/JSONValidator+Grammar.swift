/// The grammar, one state at a time. `step` sees each byte once, except the byte that ends a
/// number, which is seen again in the state after the number.
extension JSONValidator {
    @inline(always)
    mutating func step<Events: JSONEventHandler>(_ byte: UInt8, events: inout Events) throws(JSONSyntaxError) {
        while true {
            switch state {
            case .value, .valueOrClose:
                if try skipsWhitespace(byte) { return }
                if byte == Byte.closeBracket && state == .valueOrClose { return close(events: &events) }
                return try beginValue(byte, events: &events)
            case .keyOrClose, .key:
                if try skipsWhitespace(byte) { return }
                if byte == Byte.quote {
                    stringIsKey = true
                    state = .string
                } else if byte == Byte.closeBrace && state == .keyOrClose {
                    close(events: &events)
                } else {
                    let after = state == .key ? " after ',' (trailing commas are not allowed)" : " or '}'"
                    throw error("expected a string key in double quotes\(after), found \(Byte.describe(byte))")
                }
                return
            case .colon:
                if try skipsWhitespace(byte) { return }
                guard byte == Byte.colon else { throw error("expected ':' after an object key, found \(Byte.describe(byte))") }
                state = .value
                return
            case .afterValue:
                if try skipsWhitespace(byte) { return }
                let inArray = containers.innermostIsArray
                if byte == Byte.comma {
                    state = inArray ? .value : .key
                } else if byte == (inArray ? Byte.closeBracket : Byte.closeBrace) {
                    close(events: &events)
                } else {
                    let expected = inArray ? "',' or ']' after an array element" : "',' or '}' after an object member"
                    throw error("expected \(expected), found \(Byte.describe(byte))")
                }
                return
            case .string, .escape, .unicodeHex, .utf8:
                return try stringByte(byte, events: &events)
            case .minus, .zero, .integer, .dot, .fraction, .exponentMark, .exponentSign, .exponent:
                if try numberByte(byte) { return }
                endValue(at: offset, events: &events)
                continue  // the byte after a number belongs to what follows it
            case .literal:
                guard byte == UInt8(truncatingIfNeeded: literal) else {
                    throw error("invalid literal: expected '\(Self.literalName(literalFirst))', found \(Byte.describe(byte))")
                }
                literal &>>= 8
                pending -= 1
                if pending == 0 { endValue(at: offset + 1, events: &events) }
                return
            case .done:
                if Byte.isWhitespace(byte) {
                    if byte == Byte.newline { noteNewline() }
                    return
                }
                throw error("unexpected \(Byte.describe(byte)) after the JSON value: a .json file holds exactly one JSON text")
            case .lineEnd:
                if byte == 0x20 || byte == 0x09 || byte == 0x0D { return }
                guard byte == Byte.newline else {
                    throw error("expected a line break after the value, found \(Byte.describe(byte)): JSON Lines hold one value per line")
                }
                noteNewline()
                state = .value
                return
            }
        }
    }

    /// Whitespace between tokens; in `.lines` mode a line break may only come between values.
    @inline(always)
    mutating func skipsWhitespace(_ byte: UInt8) throws(JSONSyntaxError) -> Bool {
        guard Byte.isWhitespace(byte) else { return false }
        if byte == Byte.newline && mode == .lines && !containers.isEmpty {
            throw error("unexpected line break inside a value: in JSON Lines each value must fit on one line")
        }
        if byte == Byte.newline { noteNewline() }
        return true
    }

    mutating func beginValue<Events: JSONEventHandler>(_ byte: UInt8, events: inout Events) throws(JSONSyntaxError) {
        let kind: JSONKind
        switch byte {
        case Byte.openBrace: kind = .object
        case Byte.openBracket: kind = .array
        case Byte.quote: kind = .string
        case Byte.minus, Byte.zero...Byte.nine: kind = .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): kind = .literal
        default: throw error(unexpectedValueMessage(byte))
        }
        valueBegins(kind, at: offset, events: &events)
        switch byte {
        case Byte.openBrace, Byte.openBracket:
            guard containers.depth < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
            containers.push(array: byte == Byte.openBracket)
            state = byte == Byte.openBracket ? .valueOrClose : .keyOrClose
        case Byte.quote:
            stringIsKey = false
            state = .string
        case Byte.minus: state = .minus
        case Byte.zero: state = .zero
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let name = Self.literalName(byte).utf8
            literalFirst = byte
            literal = name.dropFirst().reversed().reduce(0) { $0 &<< 8 | UInt64($1) }
            pending = name.count - 1
            state = .literal
        default: state = .integer
        }
    }

    func unexpectedValueMessage(_ byte: UInt8) -> String {
        if offset == 0 && byte == 0xEF { return "a byte order mark is not allowed at the start of JSON; save the file as UTF-8 without BOM" }
        if byte == Byte.closeBracket || byte == Byte.closeBrace {
            return "expected a value, found \(Byte.describe(byte)) (trailing commas are not allowed)"
        }
        if byte == UInt8(ascii: "'") { return "expected a value, found \"'\": JSON strings use double quotes" }
        return "expected a value (object, array, string, number, true, false or null), found \(Byte.describe(byte))"
    }

    /// The literal that starts with `byte` (t, f or n).
    static func literalName(_ byte: UInt8) -> String {
        byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
    }

    mutating func close<Events: JSONEventHandler>(events: inout Events) {
        closeContainer(at: offset, events: &events)
    }

    /// The container closed by the bracket at `position` is complete.
    @inline(always)
    mutating func closeContainer<Events: JSONEventHandler>(at position: Int, events: inout Events) {
        containers.pop()
        endValue(at: position + 1, events: &events)
    }

    /// A value of `kind` begins at `position`: the first one fixes the top-level kind, and an
    /// element of a top-level array is counted and reported.
    @inline(always)
    mutating func valueBegins<Events: JSONEventHandler>(_ kind: JSONKind, at position: Int, events: inout Events) {
        // Below the top level (most values), there is nothing to note.
        guard containers.depth <= 1 else { return }
        if containers.isEmpty {
            if topLevelKind == nil { topLevelKind = kind }
        } else if mode == .single && containers.inTopLevelArray {
            topLevelElementCount += 1
            events.topLevelElementBegan(at: position)
        }
    }

    /// A value that ends just before `end` is complete: move to what may follow it.
    @inline(always)
    mutating func endValue<Events: JSONEventHandler>(at end: Int, events: inout Events) {
        guard containers.depth <= 1 else {
            state = .afterValue
            return
        }
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
        if mode == .single && containers.inTopLevelArray { events.topLevelElementEnded(at: end) }
        state = .afterValue
    }
}
