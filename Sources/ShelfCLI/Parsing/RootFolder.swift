import ShelfCore

/// `--root DIR` (or `SHELF_ROOT`): one folder as the whole store, every directory resolving to it
/// (`Locations(folder:)`, the Swift API's `DiskStorage(path:)`). The folder must be named by an
/// absolute path in UTF-8: a relative one would depend on where a cron job or script happens to
/// run, and is refused rather than guessed. `/` is refused: `clear` would act on the whole disk;
/// so is `..` anywhere. Other spellings of `/`, system folders and the home folder are refused by
/// identity when the store is opened (`WholeStoreGuard`).
struct RootFolder: ArgumentValue, Equatable {
    let path: String

    static var kind: ArgumentKind { .file }

    static func parse(_ word: Argument, as spelling: String) throws -> RootFolder {
        try checked(String.parse(word, as: spelling), as: spelling)
    }

    /// The same checks for a value from `SHELF_ROOT`.
    static func checked(_ text: String, as spelling: String) throws -> RootFolder {
        guard text.hasPrefix("/") else {
            throw UsageError("\(spelling) '\(text)' is not an absolute path; give the whole path (for example \"$PWD/\(text)\")")
        }
        // `..` is refused, not resolved: after a folder that does not exist yet it would be made
        // and climbed out of (`/new/..` is `/`), which no identity check before can see.
        if text.split(separator: "/").contains("..") {
            throw UsageError("\(spelling) '\(text)' climbs with '..'; give the folder's own path (see docs/security.md)")
        }
        var trimmed = Substring(text)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed == "/" { throw UsageError("\(spelling) cannot be '/': the store's folder is cleared and listed as a whole") }
        return RootFolder(path: String(trimmed))
    }

    /// The root a command runs with: `--root`, else a non-empty `SHELF_ROOT`, else none.
    static func chosen(_ given: RootFolder?, environment: Environment) throws -> RootFolder? {
        if let given { return given }
        switch environment.lookup("SHELF_ROOT") {
        case .text(let value) where !value.isEmpty: return try checked(value, as: "SHELF_ROOT")
        case .notText: throw UsageError("SHELF_ROOT is not valid UTF-8; shelf names folders by their exact text, so set it to a UTF-8 path")
        case .text, .unset: return nil
        }
    }
}
