import FoundationEssentials

/// Turns the coders' errors into `ShelfError`s that name the stored path, with a one-line
/// reason that says where in the value the problem is (the coders' own text is long).
enum CodingErrors {
    static func encoding(_ error: any Error, path: String) -> ShelfError {
        if let error = error as? ShelfError { return error }
        guard let error = error as? EncodingError else { return .serialization(path: path, reason: "\(error)") }
        switch error {
        case .invalidValue(let value, let context):
            return .serialization(path: path, reason: "\(type(of: value)) at \(where_(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            return .serialization(path: path, reason: "\(error)")
        }
    }

    static func decoding(_ error: any Error, path: String) -> ShelfError {
        if let error = error as? ShelfError { return error }
        guard let error = error as? DecodingError else { return .deserialization(path: path, reason: "\(error)") }
        switch error {
        case .typeMismatch(let type, let context):
            return .deserialization(path: path, reason: "expected \(type) at \(where_(context.codingPath)): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return .deserialization(path: path, reason: "no \(type) value at \(where_(context.codingPath)): \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            return .deserialization(path: path, reason: "missing key '\(key.stringValue)' at \(where_(context.codingPath))")
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            return .deserialization(path: path, reason: "\(context.debugDescription)\(underlying) at \(where_(context.codingPath))")
        @unknown default:
            return .deserialization(path: path, reason: "\(error)")
        }
    }

    /// `$.items[2].name` style, so the reason points into the value.
    static func where_(_ path: [any CodingKey]) -> String {
        var text = "$"
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += "." + key.stringValue }
        }
        return text
    }
}
