import FoundationEssentials

/// Foundation's view of a `ShelfError`: `localizedDescription`, `localizedFailureReason` and
/// `localizedRecoverySuggestion` (and `String(describing:)` of the bridged `NSError`) give the
/// error's own texts, which name the path, instead of "The operation could not be completed".
///
/// In a module that imports `Shelf`, `failureReason` and `recoverySuggestion` are these optional
/// strings, as on every Foundation error; a program on `ShelfCore` alone sees them as `String`.
/// Retroactive: `Shelf` is built as a client of the engine (no package access), and the engine,
/// which has no Foundation, never declares this conformance itself.
extension ShelfError: @retroactive LocalizedError {
    public var errorDescription: String? { description }
    public var failureReason: String? { reasonText }
    public var recoverySuggestion: String? { suggestionText }
}
