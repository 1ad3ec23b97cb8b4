import FoundationEssentials

/// Any JSON value, for data whose shape is not known in advance (`shelf sync` reads its input
/// as one). Integers that fit `Int64` are kept exactly; other numbers are `Double`s. Numbers
/// compare by value, so `1` and `1.0` are equal, and objects compare regardless of key order.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses one JSON text. The streaming validator runs first, so a syntax error is reported
    /// with its line and column.
    /// - Parameter source: how to name the input in errors (`<stdin>`, a file path).
    /// - Throws: `invalidJSON` or `deserialization` naming `source`.
    public static func parse(_ data: Data, source: String) throws -> JSONValue {
        var validator = JSONValidator()
        do {
            try data.withUnsafeBytes { try validator.consume($0) }
            try validator.finish()
        } catch let error as JSONSyntaxError {
            throw ShelfError.invalidJSON(path: source, line: error.line, column: error.column, reason: error.message)
        }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw CodingErrors.decoding(error, path: source)
        }
    }

    /// An `int` for integral doubles in range, so that equal numbers hash alike.
    private var canonical: JSONValue {
        if case .double(let value) = self, let exact = Int64(exactly: value) { return .int(exact) }
        return self
    }

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a.canonical, b.canonical) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x == y
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch canonical {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(value)
        case .double(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let value): hasher.combine(value)
        case .object(let value): hasher.combine(value)
        }
    }
}
