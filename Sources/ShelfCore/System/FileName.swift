/// One name inside a folder, as the file system holds it: bytes, which need not be UTF-8 (other
/// programs make such names, and a user may type them), never empty, never holding `/` or NUL.
/// shelf keeps these bytes exactly from the command line (or the disk) to the system call, so two
/// names that differ in one byte are two files. `description` shows it escaped (`EscapedText`).
package struct FileName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    package let bytes: [UInt8]

    /// Nil for bytes that cannot name an entry of a folder: empty, or holding `/` or NUL.
    package init?(bytes: [UInt8]) {
        guard !bytes.isEmpty, !bytes.contains(0), !bytes.contains(UInt8(ascii: "/")) else { return nil }
        self.bytes = bytes
    }

    /// A name shelf spells itself (its own files, numbers, ids already checked).
    /// - Precondition: a valid name.
    package init(_ text: String) {
        guard let name = FileName(bytes: Array(text.utf8)) else { preconditionFailure("not a file name: \(text)") }
        self = name
    }

    package init(stringLiteral text: String) {
        self.init(text)
    }

    /// The name as text when it is valid UTF-8; nil otherwise.
    package var text: String? { UTF8Text.validated(bytes) }

    /// The name as messages and the Swift API show it: its text, or where it is not valid UTF-8,
    /// escaped (`EscapedText.text`).
    package var description: String { EscapedText.text(bytes) }

    package func hasPrefix(_ prefix: String) -> Bool {
        // Most names differ from shelf's prefixes at the first byte: answered without walking the text.
        guard let lead = prefix.utf8.first else { return true }
        return bytes.first == lead && bytes.starts(with: prefix.utf8)
    }

    package func hasSuffix(_ suffix: String) -> Bool { bytes.reversed().starts(with: suffix.utf8.reversed()) }

    /// `prefix` (shelf's own text, no `/` or NUL) followed by this name.
    func prefixed(by prefix: String) -> FileName {
        FileName(trusted: Array(prefix.utf8) + bytes)
    }

    /// Bytes known to name an entry, not checked again: a folder listing's (the kernel never gives
    /// an empty name, nor one with `/` or NUL), or shelf's own prefix before a name.
    init(trusted bytes: [UInt8]) {
        self.bytes = bytes
    }
}
