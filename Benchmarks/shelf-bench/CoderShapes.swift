import FoundationEssentials

/// The record shapes the coder cases time and the differential coder tests check: flat
/// records; nested structs with optionals, arrays and a `[String: Int]`; plain string-keyed
/// dictionaries; and Date, Data, URL and enums. Values come from a seeded generator, so a run
/// repeats, and the strings carry quotes, newlines, slashes, control characters and non-ASCII.
enum CoderShape: String, CaseIterable, Sendable {
    case flat, nested, dictionary, foundation

    var label: String {
        switch self {
        case .flat: return "flat records"
        case .nested: return "nested structs with optionals and arrays"
        case .dictionary: return "[String: Int] dictionaries"
        case .foundation: return "Date, Data, URL and enums"
        }
    }
}

struct FlatRecord: Codable, Equatable, Sendable {
    var id: Int
    var name: String
    var score: Double
    var active: Bool
    var count: Int32
}

struct NestedRecord: Codable, Equatable, Sendable {
    struct Person: Codable, Equatable, Sendable {
        var name: String
        var email: String?
        var age: UInt8?
    }
    var id: Int
    var title: String
    var author: Person
    var reviewers: [Person]
    var tags: [String]
    var ratings: [Double]
    var note: String?
    var counts: [String: Int]
}

struct FoundationRecord: Codable, Equatable, Sendable {
    enum Kind: String, Codable, Sendable, CaseIterable { case article, video, podcast }
    enum Level: Int, Codable, Sendable, CaseIterable { case low = 1, middle = 5, high = 9 }
    var id: Int
    var created: Date
    var payload: Data
    var link: URL
    var kind: Kind
    var level: Level
    var expires: Date?
}

/// Seeded values of every shape, from `JSONText`'s generator.
struct CoderValues {
    private var random: JSONText

    init(seed: UInt64) { random = JSONText(seed: seed) }

    mutating func next(_ bound: Int) -> Int { random.next(bound) }

    mutating func bits() -> UInt64 { UInt64(next(1 << 32)) << 32 | UInt64(next(1 << 32)) }

    static let pieces = ["shelf", "keeps", "JSON", " ", "a/b", "\"quoted\"", "line\nbreak", "tab\t", "back\\slash",
                         "données", "日本語", "😀", "\u{1}", "\u{1F}", "\u{7F}", "e\u{301}", "naïve", "Привет", "</script>", ""]

    mutating func string(_ most: Int = 6) -> String {
        var text = ""
        for _ in 0..<next(most + 1) { text += Self.pieces[next(Self.pieces.count)] }
        return text
    }

    /// Doubles of every kind: small decimals, integers, huge and tiny exponents, any bit pattern.
    mutating func double() -> Double {
        switch next(5) {
        case 0: return Double(next(100_000)) / 100
        case 1: return Double(next(1 << 20)) - Double(1 << 19)
        case 2:
            let value = Double(bitPattern: bits())
            return value.isFinite ? value : 0.5
        case 3: return Double(next(1000)) * 1e-9
        default: return Double(next(1000) + 1) * 1e21
        }
    }

    mutating func flat() -> FlatRecord {
        FlatRecord(id: next(1 << 40) - (1 << 39), name: string(), score: double(), active: next(2) == 0, count: Int32(truncatingIfNeeded: bits()))
    }

    mutating func person() -> NestedRecord.Person {
        .init(name: string(3), email: next(2) == 0 ? nil : string(2) + "@example.org", age: next(3) == 0 ? nil : UInt8(next(256)))
    }

    mutating func nested() -> NestedRecord {
        var counts: [String: Int] = [:]
        for _ in 0..<next(5) { counts[string(2)] = next(1000) }
        return NestedRecord(id: next(1 << 30), title: string(), author: person(), reviewers: (0..<next(3)).map { _ in person() },
                            tags: (0..<next(4)).map { _ in string(2) }, ratings: (0..<next(4)).map { _ in double() },
                            note: next(2) == 0 ? nil : string(), counts: counts)
    }

    mutating func dictionary() -> [String: Int] {
        var result: [String: Int] = [:]
        for index in 0..<(4 + next(6)) { result["key\(index)" + (next(4) == 0 ? string(1) : "")] = next(1 << 31) - (1 << 30) }
        return result
    }

    mutating func foundation() -> FoundationRecord {
        let bytes = (0..<next(40)).map { _ in UInt8(next(256)) }
        return FoundationRecord(
            id: next(1 << 20),
            // Whole milliseconds: a Date's own encoding is its seconds since 2001 as a Double.
            created: Date(timeIntervalSinceReferenceDate: Double(next(1 << 30)) / 1000),
            payload: Data(bytes), link: URL(string: "https://example.org/items/\(next(10_000))?q=\(next(99))")!,
            kind: FoundationRecord.Kind.allCases[next(3)], level: FoundationRecord.Level.allCases[next(3)],
            expires: next(2) == 0 ? nil : Date(timeIntervalSince1970: Double(next(1 << 31))))
    }
}
