import ShelfCore

/// One word of the command line as the process received it: bytes. A stored path keeps them
/// exactly, valid UTF-8 or not, so `caf\xE9.txt` and `caf\xE8.txt` stay two names (docs/formats.md,
/// "Names are bytes"); every other word (commands, options, directories, app and group names,
/// durations) is read as text, and refused where it must be text and is not.
struct Argument: Sendable, Hashable, CustomStringConvertible {
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The word as text; nil when it is not valid UTF-8.
    var text: String? { UTF8Text.validated(bytes) }

    /// The word as text, escaped where it is not valid UTF-8: for matching against names that
    /// are all ASCII, and for messages.
    var description: String { EscapedText.text(bytes) }

    func hasPrefix(_ prefix: String) -> Bool { bytes.starts(with: prefix.utf8) }

    /// The process's arguments after the program name, as bytes (`CommandLine.arguments` would
    /// replace bytes that are not UTF-8 with U+FFFD, and two names would become one).
    static func processArguments() -> [Argument] {
        let argv = CommandLine.unsafeArgv
        return (1..<Int(CommandLine.argc)).compactMap { index in
            guard let word = argv[index] else { return nil }
            var count = 0
            while word[count] != 0 { count += 1 }
            return Argument(bytes: Array(UnsafeRawBufferPointer(start: word, count: count)))
        }
    }
}
