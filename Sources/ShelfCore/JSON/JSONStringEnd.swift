/// Where a byte-at-a-time scan stands inside a JSON string that is already known to be valid:
/// whether the next byte is escaped. Shared by the scanners that only need to skip strings
/// (`ValueSplitter`, `KeyFieldScanner`), not to check them.
struct JSONStringEnd {
    private var escaped = false

    /// Takes the next byte inside a string; true when it is the closing quote (the state is then
    /// ready for the next string).
    mutating func isClosingQuote(_ byte: UInt8) -> Bool {
        if escaped {
            escaped = false
            return false
        }
        if byte == Byte.backslash {
            escaped = true
            return false
        }
        return byte == Byte.quote
    }

    /// Forgets a pending escape (a value started over).
    mutating func reset() {
        escaped = false
    }
}
