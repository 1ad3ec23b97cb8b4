import Testing
@testable import Shelf
@testable import ShelfCore

/// The one public error type: every case says what failed, where, why and what to do.
@Suite struct LibraryErrorTests {
    static let all: [ShelfError] = [
        .notFound(path: "/p/a"),
        .invalidName("/p/a", reason: "r"),
        .invalidJSON(path: "/p/a", line: 1, column: 2, reason: "r"),
        .serialization(path: "/p/a", reason: "r"),
        .deserialization(path: "/p/a", reason: "r"),
        .invalidInput(path: "/p/a", reason: "r"),
        .cannotAccessDirectory(path: "/p/a", reason: "r"),
        .permissionDenied(path: "/p/a"),
        .symbolicLink(path: "/p/a"),
        .alreadyExists(path: "/p/a"),
        .isAFolder(path: "/p/a"),
        .notAFolder(path: "/p/a"),
        .noSpace(path: "/p/a"),
        .readOnly(path: "/p/a"),
        .inputFailed(path: "/p/a", reason: "r"),
        .expired(path: "/p/a", at: "t"),
        .unsupported(path: "/p/a", reason: "r"),
        .io(path: "/p/a", operation: "write", errno: 5),
    ]

    @Test(arguments: all)
    func everyCaseHasPathDescriptionReasonAndSuggestion(_ error: ShelfError) {
        #expect(error.path == "/p/a")
        #expect(error.description.contains("/p/a"))
        #expect(!error.failureReason.isEmpty)
        #expect(!error.recoverySuggestion.isEmpty)
    }
}
