/// Bytes as text when, and only when, they are valid UTF-8: names, arguments and variables are
/// bytes, and one that is not valid UTF-8 is never read with replacement characters.
///
/// The standard library's `String(validating:as:)` runs unspecialized generic code: on the start
/// path of every command (each argument, each variable) it cost more than the rest of parsing.
/// Decoding repairs invalid input with U+FFFD, so input is valid exactly when the decoded text
/// has the same bytes.
package enum UTF8Text {
    package static func validated(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { validated($0) }
    }

    package static func validated(_ bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBytes { validated($0) }
    }

    package static func validated(_ bytes: UnsafeRawBufferPointer) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.count == bytes.count && text.utf8.elementsEqual(bytes) ? text : nil
    }
}
