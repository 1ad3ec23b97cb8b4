import FoundationEssentials
@testable import Shelf

/// Values that keep their `Decoder`, or a container, past their `init(from:)` and use it later
/// (CoderKeptContainerTests). `later()` lists what each use gives, value or error, so that the
/// two coders' kept things can be compared use by use.
protocol UsesKeptLater {
    func later() -> [String]
}

enum KeptKey: String, CodingKey { case a, b, c, child, list, missing }

/// What `body` gives, as text: its value, or its error (kind, type and coding path).
func keptOutcome<V>(_ body: () throws -> V) -> String {
    do { return "value \(try body())" } catch { return CoderComparison.describe(error) }
}

func keptPath(_ keys: [any CodingKey]) -> String {
    "path " + keys.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" }.joined(separator: ".")
}

/// A nested value that notes the path it was decoded at.
struct PathNoter: Decodable, Equatable {
    let path: String
    let a: Int
    init(from decoder: any Decoder) throws {
        path = keptPath(decoder.codingPath)
        a = try decoder.container(keyedBy: KeptKey.self).decode(Int.self, forKey: .a)
    }
}

/// The uses of a keyed container for a record like `KeptText.record`.
func keyedUses(_ container: KeyedDecodingContainer<KeptKey>) -> [String] {
    [keptPath(container.codingPath),
     keptOutcome { try container.decode(Int.self, forKey: .a) },
     keptOutcome { try container.decode(String.self, forKey: .a) },
     keptOutcome { try container.decode(Int.self, forKey: .missing) },
     keptOutcome { try container.decode(Int.self, forKey: .c) },
     keptOutcome { try container.decodeIfPresent(Int.self, forKey: .b) },
     keptOutcome { try container.decode(PathNoter.self, forKey: .child) },
     keptOutcome { try container.decode([PathNoter].self, forKey: .list) },
     keptOutcome { container.allKeys.map(\.stringValue).sorted() },
     keptOutcome { keptPath(try container.nestedContainer(keyedBy: KeptKey.self, forKey: .child).codingPath) },
     keptOutcome { try container.nestedContainer(keyedBy: KeptKey.self, forKey: .child).decode(Int.self, forKey: .missing) },
     keptOutcome { try container.nestedContainer(keyedBy: KeptKey.self, forKey: .a) },
     keptOutcome { var list = try container.nestedUnkeyedContainer(forKey: .list); return try list.decode(PathNoter.self) },
     keptOutcome { var list = try container.nestedUnkeyedContainer(forKey: .list); _ = try list.decode(PathNoter.self); return try list.decode(Int.self) },
     keptOutcome { try container.superDecoder(forKey: .child).container(keyedBy: KeptKey.self).decode(Int.self, forKey: .a) },
     keptOutcome { try container.superDecoder().container(keyedBy: KeptKey.self).decode(Int.self, forKey: .b) }]
}

/// The uses of an unkeyed container over `[1, {"a": 2}, "x"]`, from where it stands.
func unkeyedUses(_ kept: any UnkeyedDecodingContainer) -> [String] {
    var container = kept
    return [keptPath(container.codingPath),
            keptOutcome { try container.decode(Int.self) },
            keptOutcome { try container.decode(PathNoter.self) },
            keptOutcome { try container.decode(Int.self) },
            keptOutcome { try container.decode(String.self) },
            keptOutcome { try container.decode(String.self) },
            "\(container.currentIndex) \(container.isAtEnd)"]
}

func decoderUses(_ decoder: any Decoder) -> [String] {
    [keptPath(decoder.codingPath),
     keptOutcome { try decoder.container(keyedBy: KeptKey.self).decode(Int.self, forKey: .a) },
     keptOutcome { try decoder.container(keyedBy: KeptKey.self).decode(Int.self, forKey: .missing) },
     keptOutcome { try decoder.singleValueContainer().decode(Int.self) },
     keptOutcome { try decoder.singleValueContainer().decode(PathNoter.self) },
     keptOutcome { try decoder.unkeyedContainer().count }]
}

enum KeptText {
    static let record = #"{"a":1,"b":2,"c":null,"child":{"a":5},"list":[{"a":6},7]}"#
    static func records(_ count: Int) -> String { "[" + Array(repeating: record, count: count).joined(separator: ",") + "]" }
}

struct KeepsDecoder: Decodable, UsesKeptLater {
    let decoder: any Decoder
    init(from decoder: any Decoder) throws { self.decoder = decoder }
    func later() -> [String] { decoderUses(decoder) }
}

struct KeepsKeyed: Decodable, UsesKeptLater {
    let container: KeyedDecodingContainer<KeptKey>
    init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: KeptKey.self) }
    func later() -> [String] { keyedUses(container) }
}

/// Reads the first element, then keeps the container where it stands.
struct KeepsUnkeyed: Decodable, UsesKeptLater {
    let container: any UnkeyedDecodingContainer
    let first: Int
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        first = try container.decode(Int.self)
        self.container = container
    }
    func later() -> [String] { ["\(first)"] + unkeyedUses(container) }
}

struct KeepsSingleValue: Decodable, UsesKeptLater {
    let container: any SingleValueDecodingContainer
    init(from decoder: any Decoder) throws { container = try decoder.singleValueContainer() }
    func later() -> [String] {
        [keptPath(container.codingPath), "\(container.decodeNil())",
         keptOutcome { try container.decode(Int.self) },
         keptOutcome { try container.decode(String.self) },
         keptOutcome { try container.decode(PathNoter.self) },
         keptOutcome { try container.decode([String: Int?].self).count }]
    }
}

struct KeepsSuperDecoder: Decodable, UsesKeptLater {
    let whole: any Decoder
    let child: any Decoder
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: KeptKey.self)
        whole = try container.superDecoder()
        child = try container.superDecoder(forKey: .child)
    }
    func later() -> [String] { decoderUses(whole) + decoderUses(child) }
}

struct KeepsNested: Decodable, UsesKeptLater {
    let child: KeyedDecodingContainer<KeptKey>
    let list: any UnkeyedDecodingContainer
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: KeptKey.self)
        child = try container.nestedContainer(keyedBy: KeptKey.self, forKey: .child)
        list = try container.nestedUnkeyedContainer(forKey: .list)
    }
    func later() -> [String] {
        [keptPath(child.codingPath), keptOutcome { try child.decode(Int.self, forKey: .a) },
         keptOutcome { try child.decode(Int.self, forKey: .b) }] + unkeyedUses(list)
    }
}

/// A wrapper of kept things, for the same things kept at depth (array elements, members).
struct KeptList<Element: Decodable & UsesKeptLater>: Decodable, UsesKeptLater {
    let elements: [Element]
    init(from decoder: any Decoder) throws { elements = try [Element](from: decoder) }
    func later() -> [String] { elements.flatMap { $0.later() } }
}

/// A nested keyed container alone (its box is not among those the decoder reuses).
struct KeepsNestedKeyed: Decodable, UsesKeptLater {
    let child: KeyedDecodingContainer<KeptKey>
    init(from decoder: any Decoder) throws {
        child = try decoder.container(keyedBy: KeptKey.self).nestedContainer(keyedBy: KeptKey.self, forKey: .child)
    }
    func later() -> [String] { keyedUses(child) }
}
