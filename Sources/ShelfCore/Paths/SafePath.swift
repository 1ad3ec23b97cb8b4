/// A user-given relative path that cannot leave the folder it is resolved in. It is checked as
/// bytes here (no `..`, no absolute paths, no empty components, no NUL or control characters, no
/// name in shelf's reserved prefix) and resolved component by component with `openat` and
/// O_NOFOLLOW (see `FolderWalker`), so that a symbolic link cannot lead outside either. Names keep
/// their exact bytes, valid UTF-8 or not: nothing is rewritten (docs/formats.md, "Names are bytes").
public struct SafePath: Sendable, Hashable, CustomStringConvertible {
    /// The components, each a single safe folder or file name.
    package let components: [FileName]
    /// The text ended with `/`: the user means a folder.
    public let namesFolder: Bool

    /// Names starting with this are shelf's own temp, lock and journal files.
    package static let reservedPrefix = FolderEntries.reservedPrefix

    /// The path a Swift caller gives (always valid UTF-8).
    /// - Throws: `invalidName` saying what is wrong with the path.
    public init(_ text: String) throws {
        try self.init(bytes: Array(text.utf8))
    }

    /// The path exactly as given on the command line.
    package init(bytes: [UInt8]) throws {
        func reject(_ reason: String) -> ShelfError { .invalidName(EscapedText.text(bytes), reason: reason) }
        if bytes.isEmpty { throw reject("the path is empty") }
        if bytes.contains(0) { throw reject("it contains a NUL byte") }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw reject("it contains a control character such as a newline")
        }
        if bytes.first == UInt8(ascii: "/") { throw reject("absolute paths are not allowed; give a path relative to the directory") }
        if bytes.count > 4095 { throw reject("the path is longer than 4095 bytes") }
        var parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Array.init)
        let folder = parts.count > 1 && parts.last?.isEmpty == true
        if folder { parts.removeLast() }
        var components: [FileName] = []
        for part in parts {
            guard let name = FileName(bytes: part) else { throw reject("it has an empty component ('//')") }
            if name == "." || name == ".." { throw reject("'\(name)' components are not allowed") }
            if part.count > 255 { throw reject("a component is longer than 255 bytes") }
            if name.hasPrefix(SafePath.reservedPrefix) {
                throw reject("names starting with '\(SafePath.reservedPrefix)' are reserved for shelf's own files")
            }
            components.append(name)
        }
        self.components = components
        namesFolder = folder
    }

    /// The last component: the name of the file or folder itself.
    package var name: FileName { components[components.count - 1] }

    /// The path without a trailing slash, as messages and the Swift API show it: its text, or
    /// where it is not valid UTF-8, escaped (`EscapedText.text`).
    public var description: String { EscapedText.text(bytes) }

    /// The path's bytes without a trailing slash.
    package var bytes: [UInt8] { Array(components.map(\.bytes).joined(separator: [UInt8(ascii: "/")])) }

    /// The folders leading to `name`.
    var parentComponents: ArraySlice<FileName> { components.dropLast() }

    /// `path` followed by `name`: a path inside this folder.
    func appending(_ name: FileName) -> SafePath {
        SafePath(components: components + [name], namesFolder: false)
    }

    private init(components: [FileName], namesFolder: Bool) {
        self.components = components
        self.namesFolder = namesFolder
    }
}
