/// Any JSON value, decoded by trying each kind in turn with `try?` and encoded back: it makes a
/// decoder fail and recover many times inside one value, as hand-written `init(from:)`s do.
enum AnyJSON: Codable, Equatable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([AnyJSON]), object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: AnyJSON] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(AnyJSON.self, forKey: key) }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [AnyJSON] = []
            while !array.isAtEnd { elements.append(try array.decode(AnyJSON.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let value = try? single.decode(Bool.self) { self = .bool(value) }
        else if let value = try? single.decode(Int.self) { self = .int(value) }
        else if let value = try? single.decode(Double.self) { self = .double(value) }
        else { self = .string(try single.decode(String.self)) }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let v): var c = encoder.singleValueContainer(); try c.encode(v)
        case .int(let v): var c = encoder.singleValueContainer(); try c.encode(v)
        case .double(let v): var c = encoder.singleValueContainer(); try c.encode(v)
        case .string(let v): var c = encoder.singleValueContainer(); try c.encode(v)
        case .array(let v): var c = encoder.unkeyedContainer(); for e in v { try c.encode(e) }
        case .object(let v):
            var c = encoder.container(keyedBy: Key.self)
            for (k, e) in v { try c.encode(e, forKey: Key(stringValue: k)) }
        }
    }

    /// Equal with doubles compared by bits (-0.0 is not 0.0).
    static func == (a: AnyJSON, b: AnyJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x == y
        default: return false
        }
    }

    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
