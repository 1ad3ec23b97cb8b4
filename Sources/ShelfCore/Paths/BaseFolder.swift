/// A folder namespaces are made in: `<folder>/<app>` for the four directories, `<folder>/<app>-<uid>`
/// for the temporary fallback in `$TMPDIR`, `<folder>/<group>` for the shared containers. The home
/// folder is listed too: no base may be it, nor contain it (docs/directories.md, "Namespaces
/// never overlap").
struct BaseFolder: Sendable {
    enum Role: Sendable, Equatable {
        case documents, caches, applicationSupport, temporary
        /// `$TMPDIR` (or /tmp) without `XDG_RUNTIME_DIR`: namespaces named `<app>-<uid>`.
        case temporaryFallback
        case sharedContainers
        case home
    }

    let role: Role
    /// Absolute, as resolved from the environment (no trailing `/`).
    let path: String

    /// What lives there, for messages.
    var contents: String { facts.contents }
    /// The variable that sets it, for advice.
    var variable: String { facts.variable }
    /// The directory a namespace here is, for messages.
    var directoryName: String { facts.directory }

    private var facts: (contents: String, variable: String, directory: String) {
        switch role {
        case .documents: return ("the documents folder of every app", "XDG_DOCUMENTS_DIR", "documents")
        case .caches: return ("the caches folder of every app", "XDG_CACHE_HOME", "caches")
        case .applicationSupport:
            return ("the applicationSupport folder of every app (and the shared containers)", "XDG_DATA_HOME", "applicationSupport")
        case .temporary: return ("the temporary folder of every app", "XDG_RUNTIME_DIR", "temporary")
        case .temporaryFallback: return ("the temporary folder of every app ($TMPDIR/<app>-<uid>)", "TMPDIR", "temporary")
        case .sharedContainers: return ("every shared container", "XDG_DATA_HOME", "shared container")
        case .home: return ("your home folder", "HOME", "home")
        }
    }

    /// Whether a namespace here is named as given (not `<app>-<uid>`), so that two such bases
    /// that are one folder give every app two directories in one folder.
    var namesAsGiven: Bool { role != .temporaryFallback && role != .home }

    /// The path's components after removing empty and `.` components and applying `..` to the
    /// one before (lexically: links are judged by device and inode when the folder is opened).
    var components: [Substring] { BaseFolder.components(path) }

    /// Split at `/` bytes (an ASCII byte never occurs inside another character in UTF-8, so the
    /// pieces are whole characters): the generic `split` cost a tenth of a short command.
    static func components(_ path: String) -> [Substring] {
        var out: [Substring] = []
        let bytes = path.utf8
        var start = bytes.startIndex
        func take(_ end: String.Index) {
            guard start < end else { return }
            let part = path[start..<end]
            if part == ".." { _ = out.popLast() } else if part != "." { out.append(part) }
        }
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                take(index)
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        take(bytes.endIndex)
        return out
    }

    /// Two ASCII names are compared byte by byte, ignoring case (an ASCII text is canonically
    /// equivalent only to itself); any other pair as a case-insensitive file system may see them:
    /// lower case (which also makes the Kelvin sign equal to `k`), compared by Swift by canonical
    /// equivalence, so NFC and NFD spellings are equal too.
    static func sameName<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
        if a.utf8.allSatisfy({ $0 < 0x80 }) && b.utf8.allSatisfy({ $0 < 0x80 }) {
            return a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { asciiLower($0) == asciiLower($1) }
        }
        return a.lowercased() == b.lowercased()
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    static func same(_ a: [Substring], _ b: [Substring]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { sameName($0, $1) }
    }

    /// Whether `inner` lies strictly inside `outer`.
    static func isInside(_ inner: [Substring], _ outer: [Substring]) -> Bool {
        inner.count > outer.count && zip(outer, inner).allSatisfy { sameName($0, $1) }
    }
}

extension Locations {
    /// Every base folder the environment resolves to now; those it cannot resolve (no HOME, a
    /// variable that is not UTF-8) are left out: they cannot be used either. `resolved`, a base
    /// already resolved, is taken as it is (the documents base reads a file to resolve).
    func baseFolders(resolved: BaseFolder? = nil) -> [BaseFolder] {
        let temporary = (try? temporaryRole()) ?? .temporaryFallback
        return [.home, .documents, .caches, .applicationSupport, .sharedContainers, temporary].compactMap { role in
            if let resolved, resolved.role == role { return resolved }
            return (try? basePath(role)).map { BaseFolder(role: role, path: $0) }
        }
    }
}
