/// Finds the id of one element of `shelf sync`'s input while the element's bytes stream past: the
/// value of the field `key` of a top-level object, exactly as written. The bytes were checked by
/// `JSONValidator` already, so the scan only follows strings, nesting and the key/value turns of
/// the outer object. It keeps the text of one outer key or of the id at a time, each capped, so
/// its memory stays small whatever the size of the element.
struct KeyFieldScanner {
    /// What the element holds under the key.
    enum Field: Equatable {
        /// The bytes between the quotes, escapes not yet decoded.
        case string([UInt8])
        /// The number's literal text (`7`, `-0.0`, `1.0E+2`).
        case number([UInt8])
        /// An object, an array, `true`, `false` or `null`.
        case other
        /// A string or number longer than any file name could be.
        case tooLong
    }

    /// The longest id text kept: an id names a file of at most 255 bytes (`<id>.json`), and an
    /// escape (`\u00e9`) takes at most six bytes for each byte it stands for.
    static let idTextLimit = 6 * 255

    private let key: [UInt8]
    /// A key written with more bytes than this cannot decode to `key`.
    private let keyTextLimit: Int
    private var started = false
    /// Whether the element is an object (known from its first byte).
    private(set) var isObject = false
    /// How many times the outer object has the key.
    private(set) var keyCount = 0
    /// The value under the key (its first occurrence); nil until seen.
    private(set) var field: Field?

    private enum Role { case key, id, other }
    private var depth = 0
    private var inString = false
    private var stringEnd = JSONStringEnd()
    private var inNumber = false
    private var role = Role.other
    /// In the outer object, between `{` or `,` and `:`: the next string is a key.
    private var expectingKey = false
    /// The last outer key read was `key`.
    private var keyMatched = false
    /// After the `:` of a matching key: the next value is the id.
    private var awaitingID = false
    private var text: [UInt8] = []
    private var textOverflowed = false

    init(key: [UInt8]) {
        self.key = key
        keyTextLimit = 6 * key.count
    }

    mutating func scan(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { step(byte) }
    }

    /// Declares the end of the element (a number cannot end an object, so nothing is pending).
    mutating func finish() {
        if inNumber { endNumber() }
    }

    private mutating func step(_ byte: UInt8) {
        if inString {
            if stringEnd.isClosingQuote(byte) {
                inString = false
                endString()
                return
            }
            if role != .other { collect(byte) }
            return
        }
        if inNumber {
            if Byte.isDigit(byte) || byte == Byte.minus || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte | 0x20 == UInt8(ascii: "e") {
                collect(byte)
                return
            }
            endNumber()
        }
        if Byte.isWhitespace(byte) { return }
        if !started {
            started = true
            isObject = byte == Byte.openBrace
        }
        guard isObject else { return }
        switch byte {
        case Byte.quote:
            inString = true
            if depth == 1 && expectingKey {
                startText(.key)
            } else if takeIDStart() {
                startText(.id)
            } else {
                role = .other
            }
        case Byte.openBrace, Byte.openBracket:
            if takeIDStart() { setField(.other) }
            depth += 1
            if depth == 1 { expectingKey = true }
        case Byte.closeBrace, Byte.closeBracket:
            depth -= 1
        case Byte.comma:
            if depth == 1 { expectingKey = true }
        case Byte.colon:
            if depth == 1 {
                expectingKey = false
                awaitingID = keyMatched
                keyMatched = false
            }
        default:
            // The first byte of a number or of true/false/null, or a later byte of a literal.
            guard takeIDStart() else { return }
            if Byte.isDigit(byte) || byte == Byte.minus {
                startText(.id)
                inNumber = true
                collect(byte)
            } else {
                setField(.other)
            }
        }
    }

    /// Whether a value starting here is the id's (it is then counted).
    private mutating func takeIDStart() -> Bool {
        guard depth == 1 && awaitingID else { return false }
        awaitingID = false
        keyCount += 1
        return true
    }

    private mutating func startText(_ newRole: Role) {
        role = newRole
        text.removeAll(keepingCapacity: true)
        textOverflowed = false
    }

    private mutating func collect(_ byte: UInt8) {
        let limit = role == .key ? keyTextLimit : KeyFieldScanner.idTextLimit
        if text.count < limit { text.append(byte) } else { textOverflowed = true }
    }

    private mutating func endString() {
        switch role {
        case .key: keyMatched = !textOverflowed && JSONStringDecoding.utf8(ofContent: text) == key
        case .id: setField(textOverflowed ? .tooLong : .string(text))
        case .other: break
        }
        role = .other
    }

    private mutating func endNumber() {
        inNumber = false
        setField(textOverflowed ? .tooLong : .number(text))
        role = .other
    }

    private mutating func setField(_ value: Field) {
        if field == nil { field = value }
    }
}
