/// A user-given relative path that cannot leave the folder it is resolved in. It is checked as
/// text here (no `..`, no absolute paths, no empty components, no NUL or control characters) and
/// resolved component by component with `openat` and O_NOFOLLOW (see `FolderWalker`), so that a
/// symbolic link cannot lead outside either. Names keep their exact bytes: nothing is rewritten.
package struct SafePath: Sendable, Hashable, CustomStringConvertible {
    /// The components, each a single safe folder or file name.
    package let components: [String]
    /// The text ended with `/`: the user means a folder.
    package let namesFolder: Bool

    /// Names starting with this are shelf's own temp, lock and journal files.
    package static let reservedPrefix = ".shelf-"

    package init(_ text: String) throws {
        func reject(_ reason: String) -> ShelfError { .invalidName(text, reason: reason) }
        if text.isEmpty { throw reject("the path is empty") }
        let bytes = Array(text.utf8)
        if bytes.contains(0) { throw reject("it contains a NUL byte") }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw reject("it contains a control character such as a newline")
        }
        if bytes.first == UInt8(ascii: "/") { throw reject("absolute paths are not allowed; give a path relative to the directory") }
        if bytes.count > 4095 { throw reject("the path is longer than 4095 bytes") }
        var parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let folder = parts.count > 1 && parts.last == ""
        if folder { parts.removeLast() }
        for part in parts {
            if part.isEmpty { throw reject("it has an empty component ('//')") }
            if part == "." || part == ".." { throw reject("'\(part)' components are not allowed") }
            if part.utf8.count > 255 { throw reject("a component is longer than 255 bytes") }
            if part.hasPrefix(SafePath.reservedPrefix) {
                throw reject("names starting with '\(SafePath.reservedPrefix)' are reserved for shelf's own files")
            }
        }
        components = parts
        namesFolder = folder
    }

    /// The last component: the name of the file or folder itself.
    package var name: String { components[components.count - 1] }

    /// The path as given, without a trailing slash.
    package var description: String { components.joined(separator: "/") }

    /// The folders leading to `name`.
    var parentComponents: ArraySlice<String> { components.dropLast() }
}
