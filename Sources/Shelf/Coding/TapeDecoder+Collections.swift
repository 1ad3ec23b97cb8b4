import FoundationEssentials
import Synchronization

/// The collections the decoder reads element by element rather than through their own
/// `init(from:)`, with the same result: the standard library's `[String: V]` and `[E]`.
enum CollectionKind: Sendable {
    case dictionary(StringKeyedDecodable.Type)
    case array(ArrayDecodable.Type)
    case other
    /// A type `TapeDecoder.value` reads itself past its first four: Int64, Int32, UInt8, Float,
    /// Date, Data, URL, Decimal.
    case special

    /// The answers of earlier decodes, for every decoder: the runtime's conformance checks took
    /// about 20,000 instructions per type and decode (a decoder keeps its own answers too,
    /// without the lock). At most 256 types; a type beyond them is asked each time.
    private static let known = Mutex<[ObjectIdentifier: CollectionKind]>([:])

    static func of(_ type: Any.Type) -> CollectionKind {
        let id = ObjectIdentifier(type)
        if let kind = known.withLock({ $0[id] }) { return kind }
        let kind: CollectionKind
        if type == Int64.self || type == Int32.self || type == UInt8.self || type == Float.self || type == Date.self
            || type == Data.self || type == URL.self || type == Decimal.self { kind = .special }
        else if let dictionary = type as? StringKeyedDecodable.Type { kind = .dictionary(dictionary) }
        else if let array = type as? ArrayDecodable.Type { kind = .array(array) }
        else { kind = .other }
        known.withLock { if $0.count < 256 { $0[id] = kind } }
        return kind
    }
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
        // An empty one without making storage (`minimumCapacity` runs unspecialised).
        guard tape.aux(object) != 0 else { return [:] }
        // Made at its size, not reserved: `reserveCapacity` ran unspecialised, a metadata look-up per dictionary.
        // (`Dictionary(_:uniquingKeysWith:)`, inlinable, saved that look-up but took longer on the
        // dictionaries shape, 0.09 to 0.11 of Foundation's time, with fewer instructions: dropped.)
        var result = [String: V](minimumCapacity: Int(tape.aux(object)))
        var member = object + 1
        let end = tape.payload(object)
        while member < end {
            // One hash per member: an earlier equal key (rare) is put back. A later one's value is
            // read too, so one Foundation would skip can fail the decode: Foundation then decides.
            let key = try string(member)
            let element = try value(V.self, at: member + 1, key: .member(member))
            if let earlier = result.updateValue(element, forKey: key) { result[key] = earlier }
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

/// `[E]`, which the decoder fills element by element as Array's own `init(from:)` does (each
/// element with its index on the path), with room for all of them made once.
protocol ArrayDecodable {
    static func decodeElements(_ decoder: TapeDecoder) throws -> Self
}

extension Array: ArrayDecodable where Element: Decodable {
    /// The common element types get a specialised loop, as dictionaries' values do.
    static func decodeElements(_ decoder: TapeDecoder) throws -> Self {
        if Element.self == String.self { return unsafeBitCast(try decoder.elements(String.self), to: Self.self) }
        if Element.self == Int.self { return unsafeBitCast(try decoder.elements(Int.self), to: Self.self) }
        if Element.self == Double.self { return unsafeBitCast(try decoder.elements(Double.self), to: Self.self) }
        return try decoder.elements(Element.self)
    }
}

extension TapeDecoder {
    /// The current node's elements as an `[E]`.
    func elements<E: Decodable>(_ type: E.Type) throws -> [E] {
        let array = node
        guard tape.kind(array) == .array else { throw fail("not an array", [Any].self) }
        // An empty one without reserving (unspecialised for most element types).
        guard tape.aux(array) != 0 else { return [] }
        var result: [E] = []
        result.reserveCapacity(Int(truncatingIfNeeded: tape.aux(array)))
        var element = array + 1, index = 0
        let end = tape.payload(array)
        while element < end {
            result.append(try value(E.self, at: element, key: .index(index)))
            element = tape.next(element)
            index += 1
        }
        return result
    }
}
