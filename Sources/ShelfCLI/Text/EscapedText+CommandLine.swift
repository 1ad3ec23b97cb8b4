import ShelfCore

/// The command line's shortcuts to `EscapedText.escaping`: what needs no escaping (most names)
/// is handed back as it is, with no copy, which a listing of many names pays for.
extension EscapedText {
    /// `escaping` of valid UTF-8 text.
    static func escaping(_ text: String) -> String {
        // Beyond the plain bytes, valid UTF-8 (a String's) shows as itself unless it is a C1 control (0xC2 0x80–0x9F).
        if text.utf8.allSatisfy({ isPlain($0) || ($0 >= 0x80 && $0 != 0xC2) }) { return text }
        return escaping(Array(text.utf8))
    }

    /// `escaping` as bytes, for listings.
    static func escapedBytes(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.allSatisfy(isPlain) { return bytes }
        return Array(escaping(bytes).utf8)
    }
}
