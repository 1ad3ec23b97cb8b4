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
