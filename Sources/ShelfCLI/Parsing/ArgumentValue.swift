import ShelfCore

/// A type a word of the command line can be parsed into. Parsing is pure (no I/O): a wrong word
/// throws `UsageError` (exit 64; the parser adds the command) or, for an unsafe name, the
/// library's `ShelfError.invalidName`, reported as the library reports it.
protocol ArgumentValue: Sendable {
    /// What completion offers for a word of this type.
    static var kind: ArgumentKind { get }
    /// - Parameter spelling: how the word is named in messages (`--older-than`, `<directory>`).
    static func parse(_ word: Argument, as spelling: String) throws -> Self
}

/// Text: refused when it is not UTF-8 (an app, group or field name cannot be meant by bytes that
/// are not text, and is never silently changed by replacement characters).
extension String: ArgumentValue {
    static var kind: ArgumentKind { .text }

    static func parse(_ word: Argument, as spelling: String) throws -> String {
        guard let text = word.text else {
            throw UsageError("the value of \(spelling) ('\(word)') is not valid UTF-8")
        }
        return text
    }
}

/// The word itself, any bytes: for the hidden completion helper, which must never fail.
extension Argument: ArgumentValue {
    static var kind: ArgumentKind { .text }
    static func parse(_ word: Argument, as spelling: String) throws -> Argument { word }
}

/// A stored path: its exact bytes, checked once here like every name (docs/formats.md).
extension SafePath: ArgumentValue {
    static var kind: ArgumentKind { .storedPath }
    static func parse(_ word: Argument, as spelling: String) throws -> SafePath { try SafePath(bytes: word.bytes) }
}

/// A file of the file system to read (`--file`): a path the user chose, kept as bytes.
struct InputFile: ArgumentValue, CustomStringConvertible {
    let bytes: [UInt8]

    static var kind: ArgumentKind { .file }
    static func parse(_ word: Argument, as spelling: String) throws -> InputFile { InputFile(bytes: word.bytes) }

    /// How messages name it: escaped where it is not UTF-8.
    var description: String { EscapedText.text(bytes) }
}

extension Directory: ArgumentValue {
    static var kind: ArgumentKind { .directory }

    static func parse(_ word: Argument, as spelling: String) throws -> Directory {
        let text = word.description
        let lowered = text.lowercased()
        if word.text == nil, lowered.hasPrefix("sharedcontainer:") || lowered.hasPrefix("shared-container:") {
            throw UsageError("the group name in '\(text)' is not valid UTF-8; group names are folder names shelf keeps exactly")
        }
        if word.text != nil, let directory = Directory(parsing: text) { return directory }
        if lowered.hasPrefix("sharedcontainer") || lowered.hasPrefix("shared-container") {
            throw UsageError("a shared container needs a group name: 'sharedContainer:<group>'")
        }
        let hint = Suggestion.nearest(to: text, in: Directory.spellings).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError("unknown directory '\(text)'\(hint) (documents, caches, applicationSupport, temporary, sharedContainer:<group>)")
    }
}

/// `--NAME DURATION` (`3600`, `90s`, `15m`, `12h`, `7d`, `7days`, `2w`, `1h30m`), in seconds:
/// one grammar for every option that takes a duration (`DurationText`).
struct DurationValue: ArgumentValue {
    let seconds: Int64
    /// As typed, for messages.
    let text: String
    static var kind: ArgumentKind { .text }
    static func parse(_ word: Argument, as spelling: String) throws -> DurationValue {
        DurationValue(seconds: try parsed(word, spelling, DurationText.seconds), text: word.description)
    }
}

/// `--NAME SIZE` (`500K`, `10M`, `2G`), in bytes.
struct SizeValue: ArgumentValue {
    let bytes: Int64
    static var kind: ArgumentKind { .text }
    static func parse(_ word: Argument, as spelling: String) throws -> SizeValue {
        SizeValue(bytes: try parsed(word, spelling, ByteCountText.bytes))
    }
}

/// `--NAME TIME`, ISO 8601 with a zone, in seconds since 1970 UTC.
struct TimeValue: ArgumentValue {
    let epochSeconds: Int64
    static var kind: ArgumentKind { .text }
    static func parse(_ word: Argument, as spelling: String) throws -> TimeValue {
        TimeValue(epochSeconds: try parsed(word, spelling, TimestampInput.epochSeconds))
    }
}

/// A value read with one of the library's text parsers; what does not parse is a usage error
/// naming the option.
private func parsed(_ word: Argument, _ spelling: String, _ parse: (String) throws -> Int64) throws -> Int64 {
    do {
        return try parse(String.parse(word, as: spelling))
    } catch let error as ValueSyntaxError {
        throw UsageError("\(spelling) \(error)")
    }
}

/// `--NAME N`, a count of files: decimal digits only, 0 or more (no sign, no unit).
struct CountValue: ArgumentValue {
    let count: Int
    static var kind: ArgumentKind { .text }
    static func parse(_ word: Argument, as spelling: String) throws -> CountValue {
        let text = try String.parse(word, as: spelling)
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let count = Int(text) else {
            throw UsageError("\(spelling) '\(text)' is not a count: give a whole number of files, 0 or more (24)")
        }
        return CountValue(count: count)
    }
}
