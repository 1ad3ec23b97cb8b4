import ShelfCore

/// The command line's shortcuts to `EscapedText.escaping`: what needs no escaping (most names)
/// is handed back as it is, with no copy, which a listing of many names pays for.
extension EscapedText {
    /// `escaping` of valid UTF-8 text.
    static func escaping(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 != backslash && $0 != 0xC2 }) { return text }
        return escaping(Array(text.utf8))
    }

    /// `escaping` as bytes, for listings.
    static func escapedBytes(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != backslash }) { return bytes }
        return Array(escaping(bytes).utf8)
    }

    private static var backslash: UInt8 { UInt8(ascii: "\\") }
}
