import FoundationEssentials
import Testing
@testable import Shelf

/// The tenth round's cases (issue 25): escaped strings unescaped a word at a time up to each
/// backslash, and the Foundation types the decoder hands to Foundation's own initialisers --
/// odd URLs, enums with an `init(from:)` of their own, each date strategy -- each against
/// `JSONDecoder`, with the library's own decoder giving every valid answer.
@Suite struct CoderFoundationTypesTests {
    /// A backslash escape at every offset of runs from 0 to 24 plain bytes, one or two escapes in
    /// a row, and the string ending just after: the copy of whole words must stop at each one.
    @Test func escapesAtEveryOffsetUnescapeAsFoundationDoes() throws {
        let escapes = ["\\/", "\\\\", "\\\"", "\\n", "\\u00e9", "\\ud83d\\ude00", "\\/\\/", "\\t\\u0041"]
        for escape in escapes {
            for before in 0...24 {
                for after in [0, 1, 7, 8, 9, 17] {
                    let plain = "https:abcdefghijklmnopqrstuvwxyz0123456789"
                    let text = "[\"\(plain.prefix(before))\(escape)\(plain.suffix(after))\(escape)\"]"
                    #expect(CoderComparison.decoded([String].self, Array(text.utf8)) == nil, "\(text)")
                    #expect(CoderComparison.fastDecodes([String].self, Data(text.utf8)), "\(text)")
                }
            }
        }
    }

    /// The URLs `JSONEncoder` writes with escaped slashes, as `URL` values: the same URL from
    /// both (`==`, the same absolute string, no base URL), and the same error where
    /// `URL(string:)` refuses the text.
    @Test func oddURLsDecodeAsFoundationDoes() throws {
        let texts = ["https://example.org/items/12?q=3", "http://", "http://[::1]:8080/a", "https://[fe80::1%25en0]/",
                     "relative/path", "/absolute/path", "a b", "https://exa mple.org/", "https://例え.jp/パス",
                     "https://example.org/%41%zz", "https://example.org/%20x", "mailto:someone@example.org", "", " ",
                     "file:///tmp/a%20b", "https://user:pass@example.org:443/p?q#f", "//host/only", "?q=1", "#frag",
                     "https://example.org/a\\b", "http://x/\u{1F600}", "HTTPS://EXAMPLE.ORG/"]
        for text in texts {
            let data = try JSONEncoder().encode([text])
            #expect(CoderComparison.decoded([URL].self, Array(data)) == nil, "\(text)")
            let theirs = try? JSONDecoder().decode([URL].self, from: data)
            let ours = try? LibraryJSON.decode([URL].self, from: data)
            #expect(theirs?.first?.absoluteString == ours?.first?.absoluteString, "\(text)")
            #expect(ours?.first.map { $0.baseURL == nil } ?? true, "\(text)")
            if theirs != nil { #expect(CoderComparison.fastDecodes([URL].self, data), "\(text)") }
        }
    }

    /// A String-backed enum whose own `init(from:)` takes any case of its raw value and maps
    /// unknown text to a case, and an Int-backed one that reads an object: the decoder must call
    /// them, not `init(rawValue:)`.
    enum Lenient: String, Codable, Equatable {
        case article, video, unknown
        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            self = Lenient(rawValue: text.lowercased()) ?? .unknown
        }
    }

    enum Boxed: Int, Codable, Equatable {
        case low = 1, high = 9
        enum Keys: String, CodingKey { case level }
        init(from decoder: any Decoder) throws {
            let level = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .level)
            guard let value = Boxed(rawValue: level) else {
                throw DecodingError.dataCorruptedError(forKey: .level, in: try decoder.container(keyedBy: Keys.self), debugDescription: "no level \(level)")
            }
            self = value
        }
    }

    @Test func enumsWithTheirOwnInitFromDecodeAsFoundationDoes() {
        for text in ["[\"article\",\"VIDEO\",\"Podcast\"]", "[\"video\"]", "[1]", "[null]"] {
            #expect(CoderComparison.decoded([Lenient].self, Array(text.utf8)) == nil, "\(text)")
        }
        #expect(CoderComparison.fastDecodes([Lenient].self, Data("[\"VIDEO\",\"x\"]".utf8)))
        for text in ["[{\"level\":9},{\"level\":1}]", "[{\"level\":5}]", "[9]", "[{\"other\":1}]"] {
            #expect(CoderComparison.decoded([Boxed].self, Array(text.utf8)) == nil, "\(text)")
        }
        #expect(CoderComparison.fastDecodes([Boxed].self, Data("[{\"level\":9}]".utf8)))
        for text in ["[\"article\",\"video\"]", "[\"Article\"]", "[5]", "[\"\"]"] {
            #expect(CoderComparison.decoded([FoundationRecordKind].self, Array(text.utf8)) == nil, "\(text)")
        }
    }

    typealias FoundationRecordKind = Lenient.RawValueKind

    /// Dates under each strategy the decoder implements, from numbers and strings at the edges:
    /// integers, fractions, exponents, negative, huge, and text where a number belongs.
    @Test func datesUnderEachStrategyDecodeAsFoundationDoes() {
        let strategies: [JSONDecoder.DateDecodingStrategy] = [.deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601]
        let texts = ["[0]", "[-1.5]", "[1e3]", "[1.7976931348623157e308]", "[123456789.123456789]", "[\"2026-11-28T09:00:00Z\"]",
                     "[\"2026-11-28T09:00:00.123Z\"]", "[\"2026-11-28\"]", "[\"not a date\"]", "[null]", "[true]", "[-0]", "[5e-324]"]
        for strategy in strategies {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = strategy
            for text in texts {
                #expect(CoderComparison.decoded([Date].self, Array(text.utf8), decoder) == nil, "\(strategy) \(text)")
            }
        }
    }
}

extension CoderFoundationTypesTests.Lenient {
    /// A plain String-backed enum with the standard library's `init(from:)`, beside the lenient one.
    enum RawValueKind: String, Codable, Equatable { case article, video }
}
