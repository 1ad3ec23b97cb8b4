/// Resolves each `Directory` to its namespace folder following the XDG Base Directory spec.
/// It reads only the dictionary it is given, never the process environment, so tests pass
/// their own and nothing touches a real home by accident.
public struct Locations: Sendable {
    /// The app namespace: one folder name inside each base directory.
    public let app: String
    public let environment: [String: String]
    /// Variables set to bytes that are not valid UTF-8: refused where they are needed.
    let invalidVariables: [String]

    /// - Parameters:
    ///   - app: the namespace; nil means `SHELF_APP` from `environment`, else `shelf`.
    ///   - environment: the variables to resolve from (`ProcessInfo` is never consulted).
    /// - Throws: `ShelfError.invalidName` when the app name is not one safe path component.
    public init(app: String? = nil, environment: [String: String]) throws {
        try self.init(app: app, environment: Environment(variables: environment))
    }

    /// - Throws: `invalidName` also when a variable it needs is not valid UTF-8.
    package init(app: String?, environment: Environment) throws {
        self.environment = environment.variables
        invalidVariables = environment.invalid
        if app == nil { try Locations.checkValid("SHELF_APP", in: environment.invalid) }
        let chosen = app ?? environment.variables["SHELF_APP"].flatMap { $0.isEmpty ? nil : $0 } ?? "shelf"
        try Locations.validateComponent(chosen, what: "app name")
        self.app = chosen
    }

    /// The absolute namespace folder of `directory`, whether or not it exists yet.
    public func path(for directory: Directory) throws -> String {
        try namespace(for: directory).path
    }

    /// The namespace folder and the rules that apply when shelf creates or opens it.
    func namespace(for directory: Directory) throws -> Namespace {
        switch directory {
        case .caches:
            return Namespace(path: try base("XDG_CACHE_HOME", default: ".cache") + "/" + app, tagAsCache: true)
        case .applicationSupport:
            return Namespace(path: try base("XDG_DATA_HOME", default: ".local/share") + "/" + app)
        case .documents:
            return Namespace(path: try documentsBase() + "/" + app)
        case .sharedContainer(let group):
            try Locations.validateComponent(group, what: "group name")
            // Outside every app's own folder, so that all apps naming the group meet there.
            return Namespace(path: try base("XDG_DATA_HOME", default: ".local/share") + "/shelf-shared/" + group)
        case .temporary:
            if let runtime = try absolute("XDG_RUNTIME_DIR") {
                return Namespace(path: runtime + "/" + app)
            }
            // /tmp is shared by every user: the folder must be ours alone, checked on each use.
            let tmp = try absolute("TMPDIR") ?? "/tmp"
            return Namespace(path: trimmed(tmp) + "/\(app)-\(ProcessState.userID)", mustBePrivate: true)
        }
    }

    /// The home folder: `$HOME`, which must be absolute.
    func home() throws -> String {
        guard let home = try absolute("HOME") else {
            throw ShelfError.cannotAccessDirectory(path: "$HOME", reason: "HOME is not set to an absolute path")
        }
        return trimmed(home)
    }

    private func base(_ variable: String, default relative: String) throws -> String {
        if let value = try absolute(variable) { return trimmed(value) }
        return try home() + "/" + relative
    }

    private func documentsBase() throws -> String {
        if let value = try absolute("XDG_DOCUMENTS_DIR") { return trimmed(value) }
        let home = try home()
        let config = try absolute("XDG_CONFIG_HOME").map(trimmed) ?? home + "/.config"
        let file = config + "/user-dirs.dirs"
        if let contents = try? FileDescriptor.readSmallFile(file),
           let value = try UserDirs.value(of: "XDG_DOCUMENTS_DIR", in: contents, home: home, file: file) {
            return trimmed(value)
        }
        return home + "/Documents"
    }

    /// The spec says empty or relative values are to be ignored. A value that is not valid
    /// UTF-8 is refused: shelf would otherwise use another folder than the one named.
    private func absolute(_ variable: String) throws -> String? {
        try Locations.checkValid(variable, in: invalidVariables)
        guard let value = environment[variable], value.hasPrefix("/") else { return nil }
        return value
    }

    private static func checkValid(_ variable: String, in invalid: [String]) throws {
        guard invalid.contains(variable) else { return }
        throw ShelfError.invalidName("$" + variable, reason: "\(variable) is not valid UTF-8; shelf names folders by their exact text, so set it to a UTF-8 path or name")
    }

    private func trimmed(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }

    /// App and group names become one folder name: nothing that could climb or split it.
    static func validateComponent(_ name: String, what: String) throws {
        if name.isEmpty { throw ShelfError.invalidName(name, reason: "the \(what) is empty") }
        if name == "." || name == ".." { throw ShelfError.invalidName(name, reason: "the \(what) cannot be '.' or '..'") }
        if name.utf8.contains(UInt8(ascii: "/")) { throw ShelfError.invalidName(name, reason: "the \(what) cannot contain '/'") }
        if name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw ShelfError.invalidName(name, reason: "the \(what) cannot contain NUL or control characters")
        }
        if name.utf8.count > 255 { throw ShelfError.invalidName(name, reason: "the \(what) is longer than 255 bytes") }
    }
}

/// A resolved namespace folder and how to treat it.
struct Namespace: Sendable {
    var path: String
    /// Write a `CACHEDIR.TAG` when creating it, so backup tools skip it.
    var tagAsCache = false
    /// Must be a real folder owned by this user with mode 0700 (the shared /tmp fallback).
    var mustBePrivate = false
}
