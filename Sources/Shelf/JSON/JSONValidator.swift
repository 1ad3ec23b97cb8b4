/// A streaming JSON (RFC 8259) validator: bytes go in a chunk at a time, memory stays bounded by the
/// nesting depth (one byte per open container), and the first error carries its line and column.
///
/// It never builds values, so `save` can check a multi-gigabyte upload while it streams it to disk,
/// and the append engine learns where each top-level element starts and ends without a second pass.
public struct JSONValidator: Sendable {
    /// `.single`: the whole stream is one JSON text. `.lines`: JSON Lines, one value per line
    /// (blank lines are skipped; a value may not span lines).
    public enum Mode: Sendable { case single, lines }

    enum State: UInt8, Sendable {
        case value, valueOrClose, keyOrClose, key, colon, afterValue
        case string, escape, unicodeHex, utf8
        case minus, zero, integer, dot, fraction, exponentMark, exponentSign, exponent
        case literal
        /// `.single`: the text is complete; only whitespace may follow.
        case done
        /// `.lines`: the line's value is complete; only blanks, then a newline, may follow.
        case lineEnd
    }

    public let mode: Mode
    public let maxDepth: Int
    /// The kind of the top-level value (the first line's in `.lines` mode); nil before one began.
    public internal(set) var topLevelKind: JSONKind?
    /// How many elements the top-level array had (`.single` mode only).
    public internal(set) var topLevelElementCount = 0
    /// How many complete top-level values were seen: lines in `.lines` mode, 0 or 1 otherwise.
    public internal(set) var valueCount = 0

    var state = State.value
    /// The open containers, innermost last: true for an array, false for an object.
    var containers: [Bool] = []
    var stringIsKey = false
    var pending = 0
    var utf8Low: UInt8 = 0x80
    var utf8High: UInt8 = 0xBF
    var literal: [UInt8] = []
    /// The position of the next byte.
    var offset = 0
    var line = 1
    var column = 1

    public init(mode: Mode = .single, maxDepth: Int = 10_000_000) {
        self.mode = mode
        self.maxDepth = maxDepth
    }

    /// Checks a whole byte collection at once.
    public static func validate(_ bytes: some Collection<UInt8>, mode: Mode = .single) throws(JSONSyntaxError) {
        var validator = JSONValidator(mode: mode)
        let contiguous = Array(bytes)
        // Array's closure-taking methods only rethrow untyped errors; carry the typed one out by hand.
        let failure: JSONSyntaxError? = contiguous.withUnsafeBytes { raw in
            do throws(JSONSyntaxError) { try validator.consume(raw); return nil } catch { return error }
        }
        if let failure { throw failure }
        try validator.finish()
    }

    /// Feeds the next chunk of the stream.
    public mutating func consume(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        var events = NoJSONEvents()
        try consume(bytes, events: &events)
    }

    /// Feeds the next chunk of the stream, reporting element and line boundaries to `events`.
    public mutating func consume<Events: JSONEventHandler>(_ bytes: UnsafeRawBufferPointer,
                                                           events: inout Events) throws(JSONSyntaxError) {
        let count = bytes.count
        var index = 0
        while index < count {
            if state == .string {
                // Most bytes of most documents are plain string characters: skip them in a tight loop.
                var end = index
                while end < count {
                    let byte = bytes[end]
                    if byte < 0x20 || byte >= 0x80 || byte == Byte.quote || byte == Byte.backslash { break }
                    end += 1
                }
                if end > index {
                    column += end - index
                    offset += end - index
                    index = end
                    continue
                }
            }
            let byte = bytes[index]
            try step(byte, events: &events)
            offset += 1
            if byte == Byte.newline {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
    }

    /// Declares the end of the stream: throws unless it held exactly what the mode asks for.
    public mutating func finish() throws(JSONSyntaxError) {
        var events = NoJSONEvents()
        try finish(events: &events)
    }

    /// Declares the end of the stream, reporting a number that ends it to `events`.
    public mutating func finish<Events: JSONEventHandler>(events: inout Events) throws(JSONSyntaxError) {
        switch state {
        case .zero, .integer, .fraction, .exponent: endValue(at: offset, events: &events)
        default: break
        }
        switch (mode, state) {
        case (.single, .done), (.lines, .lineEnd): return
        case (.lines, .value) where containers.isEmpty: return
        case (.single, .value) where containers.isEmpty:
            throw error("empty input: expected a JSON value (an object, array, string, number, true, false or null)")
        case (_, .string), (_, .escape), (_, .unicodeHex), (_, .utf8):
            throw error("unexpected end of input inside a string: a closing '\"' is missing")
        default:
            guard let innermost = containers.last else { throw error("unexpected end of input inside a value") }
            let close = innermost ? "]" : "}"
            throw error("unexpected end of input: \(containers.count) container(s) still open, expected '\(close)'")
        }
    }

    func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, offset: offset, message: message)
    }
}

/// The ASCII bytes the grammar names.
enum Byte {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let newline = UInt8(ascii: "\n")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let minus = UInt8(ascii: "-")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// JSON whitespace: space, tab, line feed, carriage return (nothing else, not even form feed).
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// How an error message names a byte.
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case Byte.newline: return "a line break"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: return "a space"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
        }
    }
}
