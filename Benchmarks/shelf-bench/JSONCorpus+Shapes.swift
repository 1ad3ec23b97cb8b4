/// The corpus shapes that measure the validator where data is unlike its best case: dense escapes,
/// escapes amid non-ASCII text, short numbers with exponents and blanks, indented API responses.
extension JSONText {
    static let escapes = ["\\\"", "\\t", "\\n", "\\\\", "\\/", "\\u00e9", "\\r"]

    /// A word, non-ASCII `foreign` percent of the time, with an escape `escaped` percent of the time.
    mutating func word(foreign: Int, escaped: Int) {
        put(next(100) < foreign ? JSONText.foreign[next(JSONText.foreign.count)] : JSONText.words[next(JSONText.words.count)])
        if next(100) < escaped { put(JSONText.escapes[next(JSONText.escapes.count)]) }
    }

    mutating func words(_ count: Int, foreign: Int, escaped: Int) {
        put("\"")
        for index in 0..<count {
            if index > 0 { put(" ") }
            word(foreign: foreign, escaped: escaped)
        }
        put("\"")
    }

    /// A record of short strings of words: the log or catalogue entry most JSON files hold.
    mutating func wordRecord(foreign: Int, escaped: Int) {
        put(#"{"id":\#(next(10_000_000)),"name":"#)
        words(2 + next(3), foreign: foreign, escaped: escaped)
        put(#","tags":["#)
        for index in 0..<(1 + next(4)) {
            if index > 0 { put(",") }
            words(1, foreign: foreign, escaped: escaped)
        }
        put(#"],"note":"#)
        words(8 + next(24), foreign: foreign, escaped: escaped)
        put(#","active":\#(next(2) == 0)}"#)
    }

    /// A float as Python's `repr` writes it: `0.1`, `-2.5`, `1.5e-07`, `3e+20`, 17 significant digits.
    mutating func pythonFloat() {
        let sign = next(3) == 0 ? "-" : ""
        switch next(5) {
        case 0: put(sign + String(next(10)) + "." + String(next(10)) + "e-0" + String(1 + next(9)))
        case 1: put(sign + String(1 + next(9)) + "e+" + String(16 + next(290)))
        case 2: put(sign + "0." + String(1_000_000_000_000_000 + next(9_000_000_000_000_000)))
        case 3: put(sign + String(next(1000)) + "." + String(next(100)))
        default: put(sign + String(1 + next(9)) + "." + String(next(1_000_000)) + "e-" + String(10 + next(300)))
        }
    }

    /// A record as `json.dumps` writes it: `", "` and `": "` separators, 12-digit negative integers.
    mutating func pythonRecord() {
        put(#"{"id": -\#(100_000_000_000 + next(900_000_000_000)), "x": "#)
        pythonFloat()
        put(", \"y\": ")
        pythonFloat()
        put(", \"ok\": " + (next(2) == 0 ? "true" : "false") + ", \"v\": [")
        for index in 0..<(1 + next(5)) {
            if index > 0 { put(", ") }
            if next(2) == 0 { pythonFloat() } else { put(String(next(100_000) - 50_000)) }
        }
        put(", null]}")
    }

    /// An issue as the GitHub API returns it, indented by two spaces per level, one key a line.
    mutating func gitHubIssue() {
        let number = 1 + next(40_000), user = "user\(next(100_000))"
        put("{\n  \"url\": \"https://api.example.org/repos/owner/project/issues/\(number)\",\n")
        put("  \"id\": \(1_000_000_000 + next(1_000_000_000)),\n  \"node_id\": \"I_kwDO\(String(next(1 << 40), radix: 36))\",\n")
        put("  \"number\": \(number),\n  \"title\": ")
        words(4 + next(8), foreign: 3, escaped: 3)
        put(",\n  \"user\": {\n    \"login\": \"\(user)\",\n    \"id\": \(next(90_000_000)),\n")
        put("    \"avatar_url\": \"https://avatars.example.org/u/\(next(90_000_000))?v=4\",\n")
        put("    \"type\": \"User\",\n    \"site_admin\": false\n  },\n  \"labels\": [\n")
        for index in 0..<next(3) {
            if index > 0 { put(",\n") }
            put("    {\n      \"id\": \(next(1 << 32)),\n      \"name\": \"\(JSONText.words[next(JSONText.words.count)])\",\n")
            put("      \"color\": \"\(String(next(1 << 24), radix: 16))\",\n      \"default\": \(next(4) == 0)\n    }")
        }
        put("\n  ],\n  \"state\": \"\(next(3) == 0 ? "closed" : "open")\",\n  \"locked\": false,\n")
        put("  \"assignee\": null,\n  \"comments\": \(next(50)),\n  \"created_at\": \"2024-0\(1 + next(9))-1\(next(10))T0\(next(10)):12:34Z\",\n")
        put("  \"closed_at\": null,\n  \"author_association\": \"CONTRIBUTOR\",\n  \"body\": ")
        text(words: 20 + next(80), foreign: 3)
        put(",\n  \"reactions\": {\n    \"total_count\": \(next(20)),\n    \"+1\": \(next(10)),\n    \"-1\": 0\n  }\n}")
    }

    /// A GeoJSON feature: a few properties and a polygon of six-decimal coordinates.
    mutating func feature() {
        put(#"{"type":"Feature","properties":{"name":"#)
        words(1 + next(3), foreign: 10, escaped: 0)
        put(#","population":\#(next(10_000_000)),"area":\#(next(100_000)).\#(next(100))},"#)
        put(#""geometry":{"type":"Polygon","coordinates":[["#)
        for index in 0..<(6 + next(30)) {
            if index > 0 { put(",") }
            put("[-\(next(180)).\(100_000 + next(900_000)),\(next(90)).\(100_000 + next(900_000))]")
        }
        put("]]}}")
    }
}
