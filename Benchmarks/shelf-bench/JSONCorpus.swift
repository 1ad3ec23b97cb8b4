/// Generated JSON of the kinds the validator rows measure, each one array of about `bytes` bytes,
/// the same for a given seed. Shapes follow the documents parsers are usually measured on:
/// long strings (log lines, articles), coordinates (GeoJSON's `canada.json`), syntax trees, a
/// social-network feed (`twitter.json`) and text that is mostly not ASCII; then the shapes that
/// once made it slow (JSONCorpus+Shapes.swift): escapes every few words, escapes amid non-ASCII
/// text, numbers as Python's `json.dumps` spells them, GitHub-API and GeoJSON documents.
enum JSONCorpus: String, CaseIterable {
    case strings, numbers, nested, twitter, nonASCII = "non-ascii"
    case words, wordsNonASCII = "words-non-ascii", escapes, escapesNonASCII = "escapes-non-ascii"
    case python, github, geojson

    /// What the table calls the kind.
    var label: String {
        switch self {
        case .strings: return "string-heavy"
        case .numbers: return "number-heavy"
        case .nested: return "deeply nested"
        case .twitter: return "twitter-like mix"
        case .nonASCII: return "non-ASCII text"
        case .words: return "ASCII word records"
        case .wordsNonASCII: return "word records, a quarter non-ASCII"
        case .escapes: return "escape-dense word records"
        case .escapesNonASCII: return "escapes and non-ASCII"
        case .python: return "Python json.dumps numbers"
        case .github: return "GitHub-API-like, indented"
        case .geojson: return "GeoJSON-like"
        }
    }

    func make(bytes: Int, seed: UInt64 = 0x5EED) -> [UInt8] {
        var out = JSONText(seed: seed)
        out.bytes.reserveCapacity(bytes + 4096)
        out.put("[")
        var first = true
        while out.bytes.count < bytes {
            if !first { out.put(",") }
            first = false
            switch self {
            case .strings: out.stringRecord()
            case .numbers: out.coordinates()
            case .nested: out.tree(depth: 0)
            case .twitter: out.status()
            case .nonASCII: out.article()
            case .words: out.wordRecord(foreign: 0, escaped: 0)
            case .wordsNonASCII: out.wordRecord(foreign: 25, escaped: 0)
            case .escapes: out.wordRecord(foreign: 0, escaped: 25)
            case .escapesNonASCII: out.wordRecord(foreign: 25, escaped: 25)
            case .python: out.pythonRecord()
            case .github: out.gitHubIssue()
            case .geojson: out.feature()
            }
        }
        out.put("]")
        return out.bytes
    }
}

/// A byte buffer with a small deterministic generator (xorshift) to vary what goes in it.
struct JSONText {
    var bytes: [UInt8] = []
    private var state: UInt64

    init(seed: UInt64) { state = seed | 1 }

    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }

    mutating func put(_ text: String) { bytes += text.utf8 }

    static let words = ["the", "shelf", "keeps", "files", "and", "JSON", "on", "disk", "safely", "from", "shell",
                        "scripts", "cron", "jobs", "of", "every", "size", "with", "atomic", "durable", "writes"]
    static let foreign = ["données", "naïve", "Größe", "für", "日本語の", "テキスト", "Привет", "мир", "ελληνικά",
                          "中文字符", "😀", "emoji 🎉", "café", "العربية", "한국어"]

    /// A sentence of `count` words, with the escapes real text brings now and then.
    mutating func text(words count: Int, foreign share: Int = 0) {
        put("\"")
        for index in 0..<count {
            if index > 0 { put(next(40) == 0 ? "\\n" : " ") }
            if next(100) < share {
                put(JSONText.foreign[next(JSONText.foreign.count)])
            } else {
                put(JSONText.words[next(JSONText.words.count)])
            }
            if next(60) == 0 { put(next(2) == 0 ? "\\\"quoted\\\"" : "\\u00e9t\\u00e9") }
        }
        put("\"")
    }

    mutating func number() {
        switch next(4) {
        case 0: put(String(next(1_000_000)))
        case 1: put("-" + String(next(1000)) + "." + String(next(100_000_000)))
        case 2: put(String(next(100)) + "." + String(next(1_000_000_000_000)))
        default: put(String(next(10)) + "." + String(next(10_000)) + "e-" + String(next(20)))
        }
    }

    mutating func stringRecord() {
        put(#"{"id":""#)
        put(String(next(1 << 30), radix: 16))
        put(#"","title":"#)
        text(words: 6 + next(6))
        put(#","body":"#)
        text(words: 60 + next(120))
        put("}")
    }

    /// A polygon ring: `[[x,y],[x,y],…]` with many digits, as map data has.
    mutating func coordinates() {
        put("[")
        for index in 0..<(8 + next(24)) {
            if index > 0 { put(",") }
            put("[-" + String(60 + next(20)) + "." + String(100_000_000_000 + next(900_000_000_000)))
            put("," + String(40 + next(10)) + "." + String(100_000_000_000 + next(900_000_000_000)) + "]")
        }
        put("]")
    }

    /// A syntax tree as parsers and editors store one: nodes 16 to 96 levels deep, each with a
    /// type, a position, a few attributes and its children, the last of which goes deeper.
    mutating func tree(depth: Int, limit: Int? = nil) {
        let limit = limit ?? 16 + next(81)
        put(#"{"type":"\#(JSONText.nodeTypes[next(JSONText.nodeTypes.count)])","start":\#(next(100_000)),"#)
        put(#""end":\#(next(100_000)),"loc":{"line":\#(next(5000)),"column":\#(next(120))}"#)
        if next(3) == 0 { put(#","name":"\#(JSONText.words[next(JSONText.words.count)])""#) }
        if next(4) == 0 { put(#","flags":{"computed":\#(next(2) == 0),"optional":false,"value":null}"#) }
        put(#","children":["#)
        let leaves = next(3)
        for index in 0..<leaves {
            if index > 0 { put(",") }
            put(#"{"type":"Literal","value":\#(next(2) == 0 ? String(next(1000)) : "\"" + JSONText.words[next(JSONText.words.count)] + "\"")}"#)
        }
        if depth < limit {
            if leaves > 0 { put(",") }
            tree(depth: depth + 1, limit: limit)
        }
        put("]}")
    }

    static let nodeTypes = ["Program", "BlockStatement", "IfStatement", "CallExpression", "Identifier",
                            "MemberExpression", "FunctionDeclaration", "ReturnStatement", "BinaryExpression"]

    /// A status of a social feed: ids, text, a user, entities, flags.
    mutating func status() {
        let id = 500_000_000_000_000_000 + next(1_000_000_000_000)
        put(#"{"created_at":"Sun Aug 31 00:29:15 +0000 2014","id":\#(id),"id_str":"\#(id)","text":"#)
        text(words: 8 + next(12), foreign: 10)
        put(#","source":"<a href=\"https:\/\/example.org\" rel=\"nofollow\">web<\/a>","truncated":false,"#)
        put(#""in_reply_to_status_id":null,"user":{"id":\#(next(1_000_000_000)),"name":"#)
        text(words: 2, foreign: 20)
        put(#","screen_name":"user\#(next(100000))","followers_count":\#(next(100000)),"verified":\#(next(2) == 0)},"#)
        put(#""entities":{"hashtags":[],"urls":[{"url":"http:\/\/t.co\/\#(next(99999))","indices":[\#(next(100)),\#(next(140))]}],"#)
        put(#""user_mentions":[]},"retweet_count":\#(next(500)),"favorited":false,"lang":"en"}"#)
    }

    mutating func article() {
        put(#"{"title":"#)
        text(words: 5 + next(5), foreign: 90)
        put(#","paragraphs":["#)
        for index in 0..<(2 + next(3)) {
            if index > 0 { put(",") }
            text(words: 30 + next(60), foreign: 80)
        }
        put("]}")
    }
}
