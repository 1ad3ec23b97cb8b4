/// A streaming JSON (RFC 8259) validator: bytes go in a chunk at a time, memory stays bounded by the
/// nesting depth (one bit per open container), and the first error carries its line and column.
///
/// It never builds values, so `save` can check a multi-gigabyte upload while it streams it to disk,
/// and the append engine learns where each top-level element starts and ends without a second pass.
///
/// Two paths share one state: `scan` (JSONValidator+Scan.swift) runs whole tokens at a time, with
/// vector instructions through strings and UTF-8, and hands over at anything unusual; `step` looks
/// at one byte at a time and is the one that reports errors, so positions and messages come from
/// one place.
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
    var containers = ContainerStack()
    var stringIsKey = false
    var pending = 0
    var utf8Low: UInt8 = 0x80
    var utf8High: UInt8 = 0xBF
    /// The literal being matched: its first byte (for messages), and the bytes still expected,
    /// the next one lowest.
    var literalFirst: UInt8 = 0
    var literal: UInt64 = 0
    /// The position of the byte being looked at (between calls: of the next byte).
    var offset = 0
    var line = 1
    /// Where the current line starts, and how many UTF-8 continuation bytes it has had so far: the
    /// column is worked out from them only when an error needs it, not tracked per byte.
    var lineStart = 0
    var continuations = 0
    /// Whether `scan` takes the block path, and from which stream offset it tries it again after
    /// it stopped.
    var blockChoice = BlockPathChoice()
    var blockResume = 0

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
    package mutating func consume<Events: JSONEventHandler>(_ bytes: UnsafeRawBufferPointer,
                                                           events: inout Events) throws(JSONSyntaxError) {
        var rest = bytes
        // A trial times pieces of a chunk on each path in turn (BlockPathChoice).
        while blockChoice.startsTrial(count: rest.count, at: offset) {
            let piece = UnsafeRawBufferPointer(rebasing: rest[0..<min(rest.count, BlockPathChoice.timedBytes)])
            let start = offset, before = BlockPathChoice.ticks()
            try consumeChunk(piece, events: &events)
            blockChoice.finishTrial(ticks: BlockPathChoice.ticks() &- before, count: piece.count, at: start)
            rest = UnsafeRawBufferPointer(rebasing: rest[piece.count...])
        }
        try consumeChunk(rest, events: &events)
    }

    mutating func consumeChunk<Events: JSONEventHandler>(_ bytes: UnsafeRawBufferPointer,
                                                         events: inout Events) throws(JSONSyntaxError) {
        let count = bytes.count
        let base = offset
        var index = 0
        while index < count {
            if state.rawValue <= State.string.rawValue {
                index = scan(bytes, from: index, base: base, events: &events)
                if index == count { break }
            }
            // Near the end of a chunk, bytes go one at a time, through the same tight loops for the
            // inside of strings and numbers as before there was a `scan`.
            if state == .string {
                index = Self.skipPlainStringBytes(bytes, from: index)
                while index < count {
                    let byte = bytes[index]
                    if byte < 0x20 || byte >= 0x80 || byte == Byte.quote || byte == Byte.backslash { break }
                    index += 1
                }
                if index == count { break }
            } else if state == .integer || state == .fraction || state == .exponent {
                while index < count && Byte.isDigit(bytes[index]) { index += 1 }
                if index == count { break }
            }
            let byte = bytes[index]
            // A space between tokens (pretty-printed JSON is full of them) needs no dispatch: the first
            // six states only wait for the next token.
            if byte == 0x20 && state.rawValue <= State.afterValue.rawValue {
                index += 1
                continue
            }
            offset = base + index
            try step(byte, events: &events)
            index += 1
        }
        offset = base + count
    }

    /// Skips eight plain string bytes at a time (SWAR): stops at the first word that may hold a quote,
    /// a backslash, a control character or a non-ASCII byte, which the byte loop then looks at.
    @inline(always)
    static func skipPlainStringBytes(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let quote = word ^ (ones &* UInt64(Byte.quote))
            let backslash = word ^ (ones &* UInt64(Byte.backslash))
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- ones &* 0x20) | word
            if special & highs != 0 { return index + (special & highs).trailingZeroBitCount / 8 }
            index += 8
        }
        return index
    }

    /// Declares the end of the stream: throws unless it held exactly what the mode asks for.
    public mutating func finish() throws(JSONSyntaxError) {
        var events = NoJSONEvents()
        try finish(events: &events)
    }

    /// Declares the end of the stream, reporting a number that ends it to `events`.
    package mutating func finish<Events: JSONEventHandler>(events: inout Events) throws(JSONSyntaxError) {
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
            guard !containers.isEmpty else { throw error("unexpected end of input inside a value") }
            let close = containers.innermostIsArray ? "]" : "}"
            throw error("unexpected end of input: \(containers.depth) container(s) still open, expected '\(close)'")
        }
    }

    func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: offset - lineStart - continuations + 1, offset: offset, message: message)
    }

    /// A line feed outside strings (the only place one may stand) starts a new line.
    mutating func noteNewline() {
        line += 1
        lineStart = offset + 1
        continuations = 0
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
