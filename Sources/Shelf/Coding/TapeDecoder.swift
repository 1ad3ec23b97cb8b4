import FoundationEssentials
import ShelfCore

/// The library's `Decoder`: walks a `JSONTape` of the bytes. One instance serves a whole
/// decode; containers are small values pointing at tape nodes.
///
/// It never has to produce Foundation's errors: any failure sets `failed` (even one the
/// value's own `init(from:)` catches with `try?`), and the caller then runs `JSONDecoder` on
/// the same bytes and returns what that gives, value or error.
final class TapeDecoder: Decoder, SingleValueDecodingContainer {
    let tape: JSONTape
    let bytes: UnsafePointer<UInt8>
    let options: TapeDecodingOptions
    let userInfo: [CodingUserInfoKey: Any]
    /// The node being decoded.
    var node = 0
    var path: [CodingPathElement] = []
    var failed = false
    /// Scratch space for unescaping strings.
    var scratch: [UInt8] = []
    /// Types already asked whether they are string-keyed dictionaries, with the answer.
    var stringKeyedCache: [(type: ObjectIdentifier, dictionary: StringKeyedDecodable.Type?)] = []

    init(tape: JSONTape, bytes: UnsafePointer<UInt8>, options: TapeDecodingOptions) {
        self.tape = tape
        self.bytes = bytes
        self.options = options
        var info: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { info[key] = value }
        userInfo = info
    }

    var codingPath: [any CodingKey] { path.map(\.codingKey) }

    /// Marks the decode as failed and returns an error to throw (the caller replaces it).
    func fail(_ what: String, _ type: Any.Type = Any.self) -> DecodingError {
        failed = true
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: what))
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.kind(node) == .object else { throw fail("not an object", [String: Any].self) }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, object: node, depth: path.count))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.kind(node) == .array else { throw fail("not an array", [Any].self) }
        return TapeUnkeyedContainer(decoder: self, array: node, depth: path.count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Nested values

    /// Decodes the value at `at` as `T`, with Foundation's special cases for Date, Data, URL and
    /// Decimal, and string-keyed dictionaries read member by member. Plain scalars are read in
    /// place first: the same reads their own `init(from:)` would make, without the
    /// container, the path step and the dictionary check on every element of an array.
    func value<T: Decodable>(_ type: T.Type, at: Int, key: CodingPathElement?, extra: [CodingPathElement] = []) throws -> T {
        if let scalar: T = try scalar(at) { return scalar }
        if !extra.isEmpty {
            path.append(contentsOf: extra)
            defer { path.removeLast(extra.count) }
            return try value(type, at: at, key: key)
        }
        if T.self == Data.self { return try data(at, key: key) as! T }
        if T.self == Date.self, options.date != .deferred { return try date(at, key: key) as! T }
        if T.self == URL.self {
            guard let url = URL(string: try string(at)) else { throw fail("not a URL", URL.self) }
            return url as! T
        }
        if T.self == Decimal.self { throw fail("Decimal is Foundation's", Decimal.self) }
        return try withNode(at: at, key: key) {
            if let dictionary = stringKeyed(T.self) { return try dictionary.decodeMembers(self) as! T }
            return try T(from: self)
        }
    }

    /// Runs `body` with `at` as the node being decoded and `key` on the path, and puts both back.
    @inline(__always) func withNode<R>(at: Int, key: CodingPathElement?, _ body: () throws -> R) rethrows -> R {
        let saved = node
        node = at
        if let key { path.append(key) }
        defer {
            node = saved
            if key != nil { path.removeLast() }
        }
        return try body()
    }

    /// `T` as a string-keyed dictionary type, or nil; the answer is kept per type, since the
    /// runtime's conformance check costs more than the decoding of a small value.
    func stringKeyed(_ type: Any.Type) -> StringKeyedDecodable.Type? {
        let id = ObjectIdentifier(type)
        for entry in stringKeyedCache where entry.type == id { return entry.dictionary }
        let dictionary = type as? StringKeyedDecodable.Type
        if stringKeyedCache.count < 16 { stringKeyedCache.append((id, dictionary)) }
        return dictionary
    }

    private func date(_ at: Int, key: CodingPathElement?) throws -> Date {
        switch options.date {
        case .seconds: return Date(timeIntervalSince1970: try double(at))
        case .milliseconds: return Date(timeIntervalSince1970: try double(at) / 1000.0)
        case .iso8601:
            guard let date = try? Date.ISO8601FormatStyle().parse(try string(at)) else { throw fail("not an ISO 8601 date", Date.self) }
            return date
        case .deferred: return try value(Date.self, at: at, key: key)
        }
    }

    private func data(_ at: Int, key: CodingPathElement?) throws -> Data {
        guard options.base64 else { return try withNode(at: at, key: key) { try Data(from: self) } }
        guard let data = Data(base64Encoded: try string(at)) else { throw fail("not Base64", Data.self) }
        return data
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool { tape.kind(node) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try bool(node) }
    func decode(_ type: String.Type) throws -> String { try string(node) }
    func decode(_ type: Double.Type) throws -> Double { try double(node) }
    func decode(_ type: Float.Type) throws -> Float { try float(node) }
    func decode(_ type: Int.Type) throws -> Int { try integer(node) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(node) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(node) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(node) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(node) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(node) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(node) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(node) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(node) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(node) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try value(type, at: node, key: nil) }
}

/// `[String: V]`, which the decoder fills member by member (first of equal keys wins, as in
/// Foundation) instead of looking each key up again.
protocol StringKeyedDecodable {
    static func decodeMembers(_ decoder: TapeDecoder) throws -> Self
}

extension Dictionary: StringKeyedDecodable where Key == String, Value: Decodable {
    /// The common value types get a specialised loop: a dictionary filled through unspecialised
    /// generic code looks up its metadata and hashes through witness tables on every member.
    static func decodeMembers(_ decoder: TapeDecoder) throws -> Self {
        if Value.self == Int.self { return unsafeBitCast(try decoder.members(Int.self), to: Self.self) }
        if Value.self == String.self { return unsafeBitCast(try decoder.members(String.self), to: Self.self) }
        if Value.self == Double.self { return unsafeBitCast(try decoder.members(Double.self), to: Self.self) }
        if Value.self == Bool.self { return unsafeBitCast(try decoder.members(Bool.self), to: Self.self) }
        return try decoder.members(Value.self)
    }
}

extension TapeDecoder {
    /// The current node's members as a `[String: V]`, the first of equal keys winning.
    func members<V: Decodable>(_ type: V.Type) throws -> [String: V] {
        let object = node
        guard tape.kind(object) == .object else { throw fail("not an object", [String: Any].self) }
        var result: [String: V] = [:]
        result.reserveCapacity(Int(tape.aux(object)))
        var member = object + 1
        let end = tape.payload(object)
        while member < end {
            let key = try string(member)
            if result[key] == nil {
                result[key] = try value(V.self, at: member + 1, key: .key(DictionaryKey(key)))
            }
            member = tape.next(member + 1)
        }
        return result
    }
}

/// A dictionary's key in a coding path.
struct DictionaryKey: CodingKey {
    let stringValue: String
    /// As the standard library's dictionary key: a key that spells an integer has that value too.
    var intValue: Int? { Int(stringValue) }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
}
