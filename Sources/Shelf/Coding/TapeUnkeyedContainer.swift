import ShelfCore

/// An array's elements in order.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    let array: Int
    let depth: Int
    /// The node being decoded when it was handed out (TapeDecoder.checkTurn).
    let owner: Int
    var extra: [CodingPathElement] = []
    let end: Int
    var cursor: Int
    var currentIndex = 0

    /// (`owner` passed in: read from the decoder here, it crashed the release compiler's
    /// ownership verifier.)
    init(decoder: TapeDecoder, array: Int, depth: Int, owner: Int, extra: [CodingPathElement] = []) {
        self.decoder = decoder
        self.array = array
        self.depth = depth
        self.owner = owner
        self.extra = extra
        end = decoder.tape.payload(array)
        cursor = array + 1
    }

    /// Its path is the decoder's first `depth` steps only while it is used in turn (TapeDecoder+Kept).
    var codingPath: [any CodingKey] {
        decoder.checkTurn(owner)
        return decoder.codingPath(depth, plus: extra)
    }
    var count: Int? { Int(truncatingIfNeeded: decoder.tape.aux(array)) }
    var isAtEnd: Bool { cursor >= end }

    /// The next element's node, and moves past it.
    @inline(__always) mutating func advance() throws -> Int {
        guard cursor < end else {
            decoder.failed = true
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "Unkeyed container is at end."))
        }
        let node = cursor
        cursor = decoder.tape.next(node)
        currentIndex += 1
        return node
    }

    mutating func decodeNil() throws -> Bool {
        guard cursor < end else { return try advance() < 0 }
        guard decoder.tape.kind(cursor) == .null else { return false }
        _ = try advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(try advance()) }
    mutating func decode(_ type: String.Type) throws -> String { try decoder.string(try advance()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decoder.double(try advance()) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decoder.float(try advance()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decoder.integer(try advance()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(try advance()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(try advance()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(try advance()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(try advance()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(try advance()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(try advance()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(try advance()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(try advance()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(try advance()) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        decoder.checkTurn(owner)
        let index = currentIndex
        return try decoder.value(type, at: try advance(), key: .index(index), extra: extra)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        decoder.checkTurn(owner)
        let index = currentIndex
        let node = try advance()
        guard decoder.tape.kind(node) == .object else { throw decoder.fail("not an object", [String: Any].self) }
        let nested = decoder.keep(KeyedPlace(decoder, object: node, depth: depth, owner: decoder.node, extra: extra + [.index(index)]))
        let container = KeyedDecodingContainer(TapeKeyedContainer<NestedKey>(place: nested))
        decoder.track(container, nested)
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        decoder.checkTurn(owner)
        let index = currentIndex
        let node = try advance()
        guard decoder.tape.kind(node) == .array else { throw decoder.fail("not an array", [Any].self) }
        return TapeUnkeyedContainer(decoder: decoder, array: node, depth: depth, owner: decoder.node, extra: extra + [.index(index)])
    }

    mutating func superDecoder() throws -> any Decoder { throw decoder.fail("superDecoder is Foundation's") }
}
