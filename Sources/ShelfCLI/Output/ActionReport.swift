import ShelfCore

/// What a command that acts (save, append, copy, move, rename, remove) prints about what it did:
/// nothing by default, its absolute path with `--print-path`, or one JSON object with `--json`
/// (docs/json-output.md): `directory` and `path` (with `pathBytes` when the path is not UTF-8),
/// then the command's own keys.
struct ActionReport {
    /// Which of the three the options ask for.
    enum Style: Sendable {
        case none, path, json

        init(printPath: Bool = false, json: Bool) throws {
            if printPath && json { throw UsageError("--print-path and --json cannot be combined (--json gives the path)") }
            self = json ? .json : printPath ? .path : .none
        }
    }

    let directory: Directory
    /// The absolute path, as bytes.
    let pathBytes: [UInt8]
    /// What `--print-path` prints: the library's text of the path.
    let printed: String

    /// - Parameters:
    ///   - path: the stored path, or nil for the directory's folder.
    ///   - printed: the path as the library returned it, for `--print-path`.
    init(store: Store, directory: Directory, path: SafePath?, printed: String? = nil) throws {
        self.directory = directory
        pathBytes = try ActionReport.absolute(path, in: directory, store)
        self.printed = printed ?? EscapedText.text(pathBytes)
    }

    init(store: Store, _ stored: StoredPath, printed: String? = nil) throws {
        try self.init(store: store, directory: stored.directory, path: stored.path, printed: printed)
    }

    /// The bytes of `path` inside `directory`: the folder (text) and the stored path (bytes).
    static func absolute(_ path: SafePath?, in directory: Directory, _ store: Store) throws -> [UInt8] {
        let folder = Array(try store.locations.path(for: directory).utf8)
        return path.map { folder + [UInt8(ascii: "/")] + $0.bytes } ?? folder
    }

    /// Prints what `style` asks about `stored`; by default nothing, and then the path is not even
    /// worked out (resolving the directory again read user-dirs.dirs a second time).
    static func print(_ style: Style, store: Store, _ stored: StoredPath, printed: String? = nil, to output: Output,
                      _ members: @autoclosure () -> [(String, JSONText.Value)] = []) throws {
        guard style != .none else { return }
        try ActionReport(store: store, stored, printed: printed).print(style, to: output, members())
    }

    func print(_ style: Style, to output: Output, _ members: [(String, JSONText.Value)] = []) {
        switch style {
        case .none:
            return
        case .path:
            output.line(printed)
        case .json:
            output.line(JSONText.object([("directory", .string(directory.name))] + JSONText.name("path", pathBytes) + members))
        }
    }
}
