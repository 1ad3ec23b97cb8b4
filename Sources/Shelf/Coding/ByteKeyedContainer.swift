/// Members of one object, written as they are encoded.
struct ByteKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ByteEncoder
    /// Which object, set anew each time the box is handed out (ByteEncoder+Containers.swift).
    let slot: ByteEncoder.KeyedSlot

    var id: Int { slot.state.pointee.id }
    var depth: Int { slot.state.pointee.depth }
    var extra: [CodingPathElement] { slot.state.pointee.extra }

    var codingPath: [any CodingKey] { encoder.path.codingPath(depth, plus: extra) }

    @inline(__always) func begin(_ key: Key) -> Bool { encoder.member(id, key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { if begin(key) { encoder.out.ascii("null") } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { if begin(key) { value ? encoder.out.ascii("true") : encoder.out.ascii("false") } }
    mutating func encode(_ value: String, forKey key: Key) throws { if begin(key) { encoder.out.string(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { if begin(key) { encoder.double(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { if begin(key) { encoder.float(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { if begin(key) { encoder.out.integer(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { if begin(key) { encoder.out.integer(value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { if begin(key) { encoder.out.integer(value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { if begin(key) { encoder.out.integer(value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { if begin(key) { encoder.out.integer(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { if begin(key) { encoder.out.integer(value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { if begin(key) { encoder.out.integer(value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { if begin(key) { encoder.out.integer(value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { if begin(key) { encoder.out.integer(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { if begin(key) { encoder.out.integer(value) } }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if begin(key) { try encoder.value(value, key: .key(key), extra: extra) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let id = begin(key) ? encoder.push(object: true) : -1
        return encoder.keyed(NestedKey.self, id: id, depth: depth, extra: extra + [.key(key)])
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let id = begin(key) ? encoder.push(object: false) : -1
        return ByteUnkeyedContainer(encoder: encoder, id: id, depth: depth, extra: extra + [.key(key)])
    }

    mutating func superEncoder() -> any Encoder {
        encoder.fail()
        return encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.fail()
        return encoder
    }
}

/// Elements of one array, written as they are encoded.
struct ByteUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ByteEncoder
    let id: Int
    let depth: Int
    var extra: [CodingPathElement] = []
    var count = 0

    init(encoder: ByteEncoder, id: Int, depth: Int, extra: [CodingPathElement] = []) {
        self.encoder = encoder
        self.id = id
        self.depth = depth
        self.extra = extra
    }

    var codingPath: [any CodingKey] { encoder.path.codingPath(depth, plus: extra) }

    @inline(__always) mutating func begin() -> Bool {
        count += 1
        return encoder.prepare(id) != nil
    }

    mutating func encodeNil() throws { if begin() { encoder.out.ascii("null") } }
    mutating func encode(_ value: Bool) throws { if begin() { value ? encoder.out.ascii("true") : encoder.out.ascii("false") } }
    mutating func encode(_ value: String) throws { if begin() { encoder.out.string(value) } }
    mutating func encode(_ value: Double) throws { if begin() { encoder.double(value) } }
    mutating func encode(_ value: Float) throws { if begin() { encoder.float(value) } }
    mutating func encode(_ value: Int) throws { if begin() { encoder.out.integer(value) } }
    mutating func encode(_ value: Int8) throws { if begin() { encoder.out.integer(value) } }
    mutating func encode(_ value: Int16) throws { if begin() { encoder.out.integer(value) } }
    mutating func encode(_ value: Int32) throws { if begin() { encoder.out.integer(value) } }
    mutating func encode(_ value: Int64) throws { if begin() { encoder.out.integer(value) } }
    mutating func encode(_ value: UInt) throws { if begin() { encoder.out.integer(value) } }
    mutating func encode(_ value: UInt8) throws { if begin() { encoder.out.integer(value) } }
    mutating func encode(_ value: UInt16) throws { if begin() { encoder.out.integer(value) } }
    mutating func encode(_ value: UInt32) throws { if begin() { encoder.out.integer(value) } }
    mutating func encode(_ value: UInt64) throws { if begin() { encoder.out.integer(value) } }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        if begin() { try encoder.value(value, key: .index(index), extra: extra) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let index = count
        let id = begin() ? encoder.push(object: true) : -1
        return encoder.keyed(NestedKey.self, id: id, depth: depth, extra: extra + [.index(index)])
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let index = count
        let id = begin() ? encoder.push(object: false) : -1
        return ByteUnkeyedContainer(encoder: encoder, id: id, depth: depth, extra: extra + [.index(index)])
    }

    mutating func superEncoder() -> any Encoder {
        encoder.fail()
        return encoder
    }
}
