import FoundationEssentials
import ShelfCore

/// The library's `Decoder`: walks a `JSONTape` of the bytes. One instance serves a whole
/// decode; containers are small values pointing at tape nodes.
///
/// It never has to produce Foundation's errors: any failure sets `failed` (even one the
/// value's own `init(from:)` catches with `try?`), and the caller then runs `JSONDecoder` on
/// the same bytes and returns what that gives, value or error.
final class TapeDecoder: Decoder, SingleValueDecodingContainer {
    /// The tape's nodes, lent for the decode (LibraryJSON.fastDecode), or kept past it (`outlive`).
    let tape: TapeNodes
    /// The JSON text: the caller's bytes, lent for the decode, or a copy (`outlive`). Written
    /// only there, so not checked for exclusivity (a field of its own, not out of line: the
    /// extra load on every key and string cost time, though few instructions).
    @exclusivity(unchecked) private(set) var bytes: UnsafePointer<UInt8>
    let options: TapeDecodingOptions
    let userInfo: [CodingUserInfoKey: Any]
    // The mutable state, out of line (OutOfLineValue says why), each read through an addressor.
    private let nodeSlot = OutOfLineValue(0)
    private let pathSlot = OutOfLineValue(PathSteps())
    private let failedSlot = OutOfLineValue(false)
    /// Types already asked whether they are string-keyed dictionaries or arrays, with the answer
    /// (at most `kindLimit`), each in the slot its metadata's address picks or the next free one,
    /// read through a pointer (an array's checks, or a scan of all, cost on every nested value).
    private let kinds = UnsafeMutablePointer<(type: ObjectIdentifier?, kind: CollectionKind)>.allocate(capacity: TapeDecoder.kindSlots)
    private static var kindSlots: Int { 16 }
    private static var kindLimit: Int { 12 }
    private let kindCountSlot = OutOfLineValue(0)
    private let reuseSlot = OutOfLineValue(KeyedContainerReuse())
    let placesSlot = OutOfLineValue([KeyedPlace]())
    /// Keyed containers to hand out again (KeyedContainerReuse). They refer to this decoder, so
    /// `finish` lets them go when a decode ends.
    var reuse: KeyedContainerReuse {
        unsafeAddress { UnsafePointer(reuseSlot.pointer) }
        unsafeMutableAddress { reuseSlot.pointer }
    }
    /// Where the next key of a recently read object is expected (TapeKeyedContainer.find).
    let hints = KeyHints()

    /// The node being decoded.
    var node: Int {
        unsafeAddress { UnsafePointer(nodeSlot.pointer) }
        unsafeMutableAddress { nodeSlot.pointer }
    }
    var path: PathSteps {
        unsafeAddress { UnsafePointer(pathSlot.pointer) }
        unsafeMutableAddress { pathSlot.pointer }
    }
    var failed: Bool {
        unsafeAddress { UnsafePointer(failedSlot.pointer) }
        unsafeMutableAddress { failedSlot.pointer }
    }

    init(tape: TapeNodes, bytes: UnsafePointer<UInt8>, options: TapeDecodingOptions) {
        self.tape = tape
        self.bytes = bytes
        self.options = options
        kinds.initialize(repeating: (nil, .other), count: Self.kindSlots)
        var info: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { info[key] = value }
        userInfo = info
    }

    deinit {
        nodeSlot.free()
        pathSlot.pointer.pointee.free()
        pathSlot.free()
        failedSlot.free()
        kinds.deinitialize(count: Self.kindSlots)
        kinds.deallocate()
        kindCountSlot.free()
        reuseSlot.free()
        placesSlot.free()
        hints.free()
    }

    var codingPath: [any CodingKey] { codingPath(path.count) }

    /// Ends a decode whose containers nobody else holds (`isHeld`): the containers kept for
    /// reuse, and the places of all, go before this decoder.
    func finish() {
        reuse.entries.removeAll()
        placesSlot.pointer.pointee.removeAll()
    }

    /// The text read from here on (TapeDecoder+Kept.outlive).
    func repoint(to text: UnsafePointer<UInt8>) { bytes = text }

    /// Keeps `place` until the decode ends: its containers do not hold it (TapeKeyedContainer).
    func keep(_ place: KeyedPlace) -> KeyedPlace {
        placesSlot.pointer.pointee.append(place)
        return place
    }

    /// Marks the decode as failed and returns an error to throw (the caller replaces it).
    func fail(_ what: String, _ type: Any.Type = Any.self) -> DecodingError {
        failed = true
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: what))
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.kind(node) == .object else { throw fail("not an object", [String: Any].self) }
        return keyedContainer(Key.self, object: node)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.kind(node) == .array else { throw fail("not an array", [Any].self) }
        return TapeUnkeyedContainer(decoder: self, array: node, depth: path.count, owner: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Nested values

    /// Decodes the value at `at` as `T`, with Foundation's special cases for Date, Data, URL and
    /// Decimal, and string-keyed dictionaries and arrays read element by element. Plain scalars
    /// are read in place first: the same reads their own `init(from:)` would make, without the
    /// container, the path step and the collection check on every element of an array. (Each
    /// scalar returns directly: a helper returning `T?` made the runtime look up `Optional<T>`'s
    /// metadata on every value.)
    ///
    /// `key` is made only where it goes on the path: a scalar, a Date or a URL never needs it
    /// (making a keyed container's key an `any CodingKey` for every value showed in the profile).
    func value<T: Decodable>(_ type: T.Type, at: Int, key: @autoclosure () -> PathStep?) throws -> T {
        if T.self == String.self { return unsafeBitCast(try string(at), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try integer(at) as Int, to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try double(at), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try bool(at), to: T.self) }
        // One look-up in the decoder's table of types, not eight comparisons (four of them calls
        // for Foundation's types' metadata) on every nested value: only the types below go on.
        let kind = collectionKind(T.self)
        if case .special = kind { return try special(type, at: at, key: key()) }
        return try withNode(at: at, key: key()) {
            switch kind {
            case .dictionary(let dictionary): return try filled(dictionary, as: T.self)
            case .array(let array): return try filled(array, as: T.self)
            case .other, .special: return try T(from: self)
            }
        }
    }

    /// `value` for the scalars and Foundation types past its first four (`CollectionKind.special`).
    private func special<T: Decodable>(_ type: T.Type, at: Int, key: @autoclosure () -> PathStep?) throws -> T {
        if T.self == Int64.self { return unsafeBitCast(try integer(at) as Int64, to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try integer(at) as Int32, to: T.self) }
        if T.self == UInt8.self { return unsafeBitCast(try integer(at) as UInt8, to: T.self) }
        if T.self == Float.self { return unsafeBitCast(try float(at), to: T.self) }
        // Bit casts, not `as!`: a dynamic cast per value cost as much as reading a Date.
        if T.self == Date.self { return unsafeBitCast(try date(at), to: T.self) }
        if T.self == Data.self { return unsafeBitCast(try data(at, key: key()), to: T.self) }
        if T.self == URL.self {
            guard let url = URL(string: try string(at)) else { throw fail("not a URL", URL.self) }
            return unsafeBitCast(url, to: T.self)
        }
        if T.self == Decimal.self { throw fail("Decimal is Foundation's", Decimal.self) }
        return try withNode(at: at, key: key()) { try T(from: self) }
    }

    /// `value` where a nested container's keys, which the path lacks, come before `key`. (Apart,
    /// so that the common call passes no array: its retain and release showed per value.)
    func value<T: Decodable>(_ type: T.Type, at: Int, key: @autoclosure () -> PathStep?, extra: [CodingPathElement]) throws -> T {
        guard !extra.isEmpty else { return try value(type, at: at, key: key()) }
        return try extra.withUnsafeBufferPointer { held in
            for index in held.indices { path.append(.held(held.baseAddress.unsafelyUnwrapped + index)) }
            defer { path.removeLast(held.count) }
            return try value(type, at: at, key: key())
        }
    }

    /// A collection the decoder fills itself, `D` being `T` (a bit cast, not an `as!`: the
    /// dynamic cast showed in the profile).
    private func filled<D: StringKeyedDecodable, T>(_ type: D.Type, as: T.Type) throws -> T {
        unsafeBitCast(try D.decodeMembers(self), to: T.self)
    }

    private func filled<D: ArrayDecodable, T>(_ type: D.Type, as: T.Type) throws -> T {
        unsafeBitCast(try D.decodeElements(self), to: T.self)
    }

    /// Runs `body` with `at` as the node being decoded and `key` on the path, and puts both back.
    @inline(__always) func withNode<R>(at: Int, key: PathStep?, _ body: () throws -> R) rethrows -> R {
        let saved = node
        node = at
        if let key { path.append(key) }
        defer {
            node = saved
            if key != nil { path.removeLast() }
        }
        return try body()
    }

    /// What `type` is among the collections read element by element; the answer is kept per
    /// type, since the runtime's conformance check costs more than the decoding of a small value.
    func collectionKind(_ type: Any.Type) -> CollectionKind {
        let id = ObjectIdentifier(type), count = kindCountSlot.pointer.pointee
        // Metadata is aligned to at least eight bytes; fewer than all slots are ever filled, so
        // the probe ends at an empty one.
        var slot = Int(truncatingIfNeeded: UInt(bitPattern: id) &>> 4) & (Self.kindSlots - 1)
        while let known = kinds[slot].type {
            if known == id { return kinds[slot].kind }
            slot = (slot &+ 1) & (Self.kindSlots - 1)
        }
        let kind = CollectionKind.of(type)
        if count < Self.kindLimit {
            kinds[slot] = (id, kind)
            kindCountSlot.pointer.pointee = count + 1
        }
        return kind
    }

    private func date(_ at: Int) throws -> Date {
        switch options.date {
        case .seconds: return Date(timeIntervalSince1970: try double(at))
        case .milliseconds: return Date(timeIntervalSince1970: try double(at) / 1000.0)
        case .iso8601:
            guard let date = try? Date.ISO8601FormatStyle().parse(try string(at)) else { throw fail("not an ISO 8601 date", Date.self) }
            return date
        // Date's own init(from:) reads one Double: its seconds since 2001.
        case .deferred: return Date(timeIntervalSinceReferenceDate: try double(at))
        }
    }

    private func data(_ at: Int, key: PathStep?) throws -> Data {
        guard options.base64 else { return try withNode(at: at, key: key) { try Data(from: self) } }
        if let data = base64(at) { return data }
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
