import ShelfCore

/// Compact JSON for `--json` output, written by hand: the shipped binary has no Foundation.
/// Keys keep the order given, so the output is stable from run to run.
///
/// Every command's `--json` goes through here, so that all of them follow docs/json-output.md:
/// one object per line (`context.stdout.line(JSONText.object(...))`), every documented key
/// always present (`.null` when it does not apply), integers for numbers, absolute paths.
enum JSONText {
    enum Value {
        case string(String)
        case integer(Int64)
        case bool(Bool)
        case array([Value])
        case object([(String, Value)])
        case null
    }

    /// One object on one line: `{"key":value,...}`.
    static func object(_ members: [(String, Value)]) -> String {
        "{" + members.map { quoted($0.0) + ":" + encode($0.1) }.joined(separator: ",") + "}"
    }

    static func encode(_ value: Value) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .integer(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items): return "[" + items.map(encode).joined(separator: ",") + "]"
        case .object(let members): return object(members)
        case .null: return "null"
        }
    }

    /// A JSON string (RFC 8259): quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension JSONText.Value {
    /// An array of strings, the commonest list (ids, paths).
    static func strings(_ items: [String]) -> JSONText.Value { .array(items.map { .string($0) }) }
}

extension JSONText {
    /// A time as every `--json` gives it: `key` in seconds since 1970 UTC, and `<key>At` as
    /// `list -l` prints it (ISO 8601, UTC, what `--expires-at` reads); both null when there is none.
    static func time(_ key: String, _ seconds: Int64?) -> [(String, Value)] {
        [(key, seconds.map { .integer($0) } ?? .null), (key + "At", seconds.map { .string(TimestampText.format($0)) } ?? .null)]
    }

    /// A path inside a directory's folder: `name` relative to the folder, `path` absolute (each
    /// with its `…Bytes` when not UTF-8). Every `path` of every `--json` is absolute; a relative
    /// one is a `name`, as in `list`.
    static func place(_ relative: [UInt8], in folder: [UInt8]) -> [(String, Value)] {
        name("name", relative) + name("path", folder + [UInt8(ascii: "/")] + relative)
    }

    /// A name found on disk as JSON members: `key` holds it as a string, exact when it is valid
    /// UTF-8 and escaped as in text output (`\xE9`) when not; then, and only then, `<key>Bytes`
    /// holds its exact bytes in base64 (docs/json-output.md).
    static func name(_ key: String, _ bytes: [UInt8]) -> [(String, Value)] {
        guard let text = UTF8Text.validated(bytes) else {
            return name(key, EscapedText.escaping(bytes), bytesOfInvalidName: bytes)
        }
        return [(key, .string(text))]
    }

    /// `name` of a name already split into its text (escaped when not UTF-8) and, then, its bytes.
    static func name(_ key: String, _ text: String, bytesOfInvalidName bytes: [UInt8]?) -> [(String, Value)] {
        guard let bytes else { return [(key, .string(text))] }
        return [(key, .string(text)), (key + "Bytes", .string(base64(bytes)))]
    }

    /// Standard base64 (RFC 4648, with padding), as `base64 -d` reads it.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<Swift.min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[Int((value >> UInt32(18 - 6 * position)) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
