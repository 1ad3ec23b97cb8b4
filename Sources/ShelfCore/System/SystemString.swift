/// Bytes handed to the kernel as a C string: a path, a name in a folder, an attribute name. Names
/// are bytes, not text: a name another program made need not be UTF-8, and shelf passes it on
/// exactly. It never holds NUL, which would end the C string early.
package struct SystemString: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    package let bytes: [UInt8]

    /// - Precondition: no NUL byte (names and paths were checked where they entered).
    package init(bytes: [UInt8]) {
        precondition(!bytes.contains(0), "a system string cannot hold NUL")
        self.bytes = bytes
    }

    package init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    package init(stringLiteral text: String) {
        self.init(text)
    }

    package init(_ name: FileName) {
        bytes = name.bytes
    }

    /// The bytes as a NUL-terminated C string, in a buffer on the stack for the call's duration.
    package func withCString<R, E: Error>(_ body: (UnsafePointer<CChar>) throws(E) -> R) throws(E) -> R {
        try withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { (buffer) throws(E) -> R in
            _ = buffer.initialize(from: bytes.lazy.map { CChar(bitPattern: $0) })
            buffer[bytes.count] = 0
            return try body(UnsafePointer(buffer.baseAddress!))
        }
    }

    package func hasPrefix(_ prefix: String) -> Bool {
        bytes.starts(with: prefix.utf8)
    }

    /// The bytes as text, escaped where they are not valid UTF-8 (`EscapedText.text`).
    package var description: String { EscapedText.text(bytes) }
}
