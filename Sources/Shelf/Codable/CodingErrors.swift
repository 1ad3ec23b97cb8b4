import FoundationEssentials

/// Turns the coders' errors into `ShelfError`s that name the stored path, with a one-line
/// reason that says where in the value the problem is (the coders' own text is long).
///
/// Every encode and decode of the library passes through here, whichever coder made the error:
/// the one place that decides what a caller receives. `Disk`'s calls ask for the coder's own
/// `EncodingError` or `DecodingError`, unchanged, as Disk rethrows them (so that
/// `catch DecodingError.keyNotFound` matches); `Store` and the other APIs get the `ShelfError`.
enum CodingErrors {
    /// Set by `Disk`'s calls, for the call only: the coders' errors reach the caller unchanged.
    @TaskLocal static var passesCoderErrors = false

    static func encoding(_ error: any Error, path: String) -> any Error {
        if passesCoderErrors && error is EncodingError { return error }
        if let error = error as? ShelfError { return error }
        guard let error = error as? EncodingError else { return ShelfError.serialization(path: path, reason: "\(error)") }
        switch error {
        case .invalidValue(let value, let context):
            return ShelfError.serialization(path: path, reason: "\(type(of: value)) at \(where_(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            return ShelfError.serialization(path: path, reason: "\(error)")
        }
    }

    static func decoding(_ error: any Error, path: String) -> any Error {
        if passesCoderErrors && error is DecodingError { return error }
        if let error = error as? ShelfError { return error }
        guard let error = error as? DecodingError else { return ShelfError.deserialization(path: path, reason: "\(error)") }
        switch error {
        case .typeMismatch(let type, let context):
            return ShelfError.deserialization(path: path, reason: "expected \(type) at \(where_(context.codingPath)): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return ShelfError.deserialization(path: path, reason: "no \(type) value at \(where_(context.codingPath)): \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            return ShelfError.deserialization(path: path, reason: "missing key '\(key.stringValue)' at \(where_(context.codingPath))")
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            return ShelfError.deserialization(path: path, reason: "\(context.debugDescription)\(underlying) at \(where_(context.codingPath))")
        @unknown default:
            return ShelfError.deserialization(path: path, reason: "\(error)")
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
