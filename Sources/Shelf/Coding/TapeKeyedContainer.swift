import ShelfCore

/// An object's members, found where the last key was found or by a walk from the first
/// (`find`).
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// Its decoder, object, depth and the keys of nested containers on the way here, which the
    /// decoder's path lacks (KeyedPlace says why they are out of line). One reference, not
    /// counted: the standard library's box copies the container for every call, which was a
    /// retain and a release each time. The decoder keeps every place until the decode ends
    /// (`TapeDecoder.keep`); a container still held then makes the decode Foundation's, and is
    /// kept readable with its decoder (TapeDecoder+Kept).
    unowned(unsafe) let place: KeyedPlace
    var decoder: TapeDecoder { place.decoder }
    var object: Int { place.fields.pointee.object }
    var depth: Int { place.fields.pointee.depth }
    var extra: [CodingPathElement] { place.fields.pointee.extra }

    /// Its path is the decoder's first `depth` steps only while it is used in turn (TapeDecoder+Kept).
    var codingPath: [any CodingKey] {
        decoder.checkTurn(place.fields.pointee.owner)
        return decoder.codingPath(depth, plus: extra)
    }

    var allKeys: [Key] {
        var seen = Set<String>(), keys: [Key] = []
        var member = object + 1
        while member < decoder.tape.payload(object) {
            if let name = try? decoder.string(member), seen.insert(name).inserted, let key = Key(stringValue: name) { keys.append(key) }
            member = decoder.tape.next(member + 1)
        }
        return keys
    }

    /// The value node of `key`, or nil. An ASCII key in an object with a member table (KeyHints)
    /// is the one member with its mark, or absent. Else the member after the last one found is
    /// tried first (a value's keys are mostly read in the order they were written), where no
    /// member before it can equal the key; else a walk from the first member, so that the first
    /// of equal keys wins, as in Foundation (objects are small; the walk compares lengths first).
    func find(_ key: Key) -> Int? {
        // The key's own string, lent to the look-up: a copy of it to pass on was a retain and
        // two releases per look-up (2.5% of the nested records' instructions); the walk, rare,
        // takes its copy.
        var name = key.stringValue
        let found = name.withUTF8 { quickFind($0) }
        if found >= 0 { return found == 0 ? nil : found }
        let string = name
        return name.withUTF8 { walk($0, string) }
    }

    /// `find` by the member table, the next-key hint or a short walk from it: the value node,
    /// 0 when the key is absent, -1 when only the walk from the first member can tell.
    @inline(__always) private func quickFind(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let tape = decoder.tape, end = tape.payload(object)
        let hint = decoder.hints.entry(object), mark = KeyHints.mark(utf8)
        // Makes the member table, and remembers for the next object whether one could be made.
        @inline(__always) func makeTable() {
            decoder.hints.index(object, tape, decoder.bytes)
            place.fields.pointee.prefersTable = hint.pointee.indexed
        }
        if hint.pointee.object != object {
            decoder.hints.start(object)
            if place.fields.pointee.prefersTable { makeTable() }
        }
        // Asked only where the answer matters: a key equal in bytes to an ASCII member is ASCII.
        @inline(__always) func ascii() -> Bool {
            for byte in utf8 where byte >= 0x80 { return false }
            return true
        }
        // The one member with the key's mark, if its bytes are the key's (then the key is ASCII
        // too); else the key is absent if ASCII, and left to the walk if not.
        @inline(__always) func tabled() -> Int? {
            guard hint.pointee.allMarks & mark != 0 else { return nil }
            let member = decoder.hints.table(object)[mark.trailingZeroBitCount]
            guard Int(truncatingIfNeeded: tape.aux(member)) == utf8.count, TapeDecoder.same(decoder.text(member), utf8) else { return nil }
            return member + 1
        }
        if hint.pointee.indexed {
            if let found = tabled() { return found }
            if ascii() { return 0 }
        }
        let member = hint.pointee.member
        if member < end, hint.pointee.marks & mark == 0, tape.kind(member) == .asciiString,
           Int(truncatingIfNeeded: tape.aux(member)) == utf8.count, TapeDecoder.same(decoder.text(member), utf8) {
            hint.pointee.member = tape.next(member + 1)
            hint.pointee.marks |= mark
            return member + 1
        }
        // A key after the hint, or absent (an optional left out): the members from the hint on
        // are compared, none before it can be equal (the marks say so), no table is needed.
        if hint.pointee.marks & mark == 0 && ascii() {
            let found = decoder.hints.tail(object, tape, decoder.bytes, utf8, end: end)
            if found >= 0 { return found }
        }
        if !hint.pointee.tried {
            makeTable()
            if hint.pointee.indexed {
                if let found = tabled() { return found }
                if ascii() { return 0 }
            }
        }
        return -1
    }

    /// `find`'s walk from the first member, comparing each with `name` (its bytes `utf8`).
    private func walk(_ utf8: UnsafeBufferPointer<UInt8>, _ name: String) -> Int? {
        let tape = decoder.tape, end = tape.payload(object)
        let hint = decoder.hints.entry(object)
        var isASCII = true
        for byte in utf8 where byte >= 0x80 { isASCII = false }
        var walked = object + 1, marks: UInt64 = 0, plain = true
        while walked < end {
            let kind = tape.kind(walked)
            let memberMark = kind == .asciiString ? KeyHints.mark(decoder.text(walked)) : 0
            if decoder.keyMatches(walked, utf8, keyIsASCII: isASCII, name) {
                if plain && kind == .asciiString {
                    hint.pointee.member = tape.next(walked + 1)
                    hint.pointee.marks = marks | memberMark
                }
                return walked + 1
            }
            if kind == .asciiString { marks |= memberMark } else { plain = false }
            walked = tape.next(walked + 1)
        }
        return nil
    }

    func require(_ key: Key) throws -> Int {
        guard let node = find(key) else {
            decoder.failed = true
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for key \(key.stringValue)"))
        }
        return node
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { decoder.tape.kind(try require(key)) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(key) { try $0.bool($1) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(key) { try $0.string($1) } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(key) { try $0.double($1) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(key) { try $0.float($1) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(key) { try $0.integer($1) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(key) { try $0.integer($1) } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(key) { try $0.integer($1) } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(key) { try $0.integer($1) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(key) { try $0.integer($1) } }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(key) { try $0.integer($1) } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(key) { try $0.integer($1) } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(key) { try $0.integer($1) } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(key) { try $0.integer($1) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(key) { try $0.integer($1) } }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let node = try require(key)
        return try value(type, at: node, key: key)
    }

    /// `read` of the decoder and `key`'s value node. The decoder is lent without a retain and a
    /// release around the read (as `decoder` it was retained for every value): it outlives the
    /// decode's containers (KeyedPlace).
    @inline(__always) private func read<R>(_ key: Key, _ read: (TapeDecoder, Int) throws -> R) throws -> R {
        let node = try require(key)
        return try place.unretainedDecoder._withUnsafeGuaranteedRef { try read($0, node) }
    }

    /// As `read`, nil if `key` is absent or null.
    @inline(__always) private func readIfPresent<R>(_ key: Key, _ read: (TapeDecoder, Int) throws -> R) throws -> R? {
        guard let node = present(key) else { return nil }
        return try place.unretainedDecoder._withUnsafeGuaranteedRef { try read($0, node) }
    }

    /// The value at `node` as `T`, with a step on the decoder's path that points at `key`.
    @inline(__always) private func value<T: Decodable>(_ type: T.Type, at node: Int, key: Key) throws -> T {
        try place.unretainedDecoder._withUnsafeGuaranteedRef { decoder in
            decoder.checkTurn(place.fields.pointee.owner)
            return try withUnsafePointer(to: key) { key in
                guard place.fields.pointee.extra.isEmpty else { return try decoder.value(type, at: node, key: .key(UnsafeRawPointer(key), Key.self), extra: extra) }
                return try decoder.value(type, at: node, key: .key(UnsafeRawPointer(key), Key.self))
            }
        }
    }

    /// Present and not null, in one lookup (Foundation's semantics for every type).
    private func present(_ key: Key) -> Int? {
        guard let node = find(key), decoder.tape.kind(node) != .null else { return nil }
        return node
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try readIfPresent(key) { try $0.bool($1) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try readIfPresent(key) { try $0.string($1) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try readIfPresent(key) { try $0.double($1) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try readIfPresent(key) { try $0.float($1) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try readIfPresent(key) { try $0.integer($1) } }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try readIfPresent(key) { try $0.integer($1) } }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try readIfPresent(key) { try $0.integer($1) } }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try readIfPresent(key) { try $0.integer($1) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try readIfPresent(key) { try $0.integer($1) } }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try readIfPresent(key) { try $0.integer($1) } }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try readIfPresent(key) { try $0.integer($1) } }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try readIfPresent(key) { try $0.integer($1) } }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try readIfPresent(key) { try $0.integer($1) } }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try readIfPresent(key) { try $0.integer($1) } }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = present(key) else { return nil }
        return try value(type, at: node, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        decoder.checkTurn(place.fields.pointee.owner)
        let node = try require(key)
        guard decoder.tape.kind(node) == .object else { throw decoder.fail("not an object", [String: Any].self) }
        let nested = decoder.keep(KeyedPlace(decoder, object: node, depth: depth, owner: decoder.node, extra: extra + [.key(key)]))
        let container = KeyedDecodingContainer(TapeKeyedContainer<NestedKey>(place: nested))
        decoder.track(container, nested)
        return container
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        decoder.checkTurn(place.fields.pointee.owner)
        let node = try require(key)
        guard decoder.tape.kind(node) == .array else { throw decoder.fail("not an array", [Any].self) }
        return TapeUnkeyedContainer(decoder: decoder, array: node, depth: depth, owner: decoder.node, extra: extra + [.key(key)])
    }

    func superDecoder() throws -> any Decoder { throw decoder.fail("superDecoder is Foundation's") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.fail("superDecoder is Foundation's") }
}
