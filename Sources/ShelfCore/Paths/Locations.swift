/// Resolves each `Directory` to its namespace folder following the XDG Base Directory spec.
/// It reads only the dictionary it is given, never the process environment, so tests pass
/// their own and nothing touches a real home by accident.
public struct Locations: Sendable {
    /// The app namespace: one folder name inside each base directory.
    public let app: String
    /// The variables the folders are resolved from (those whose values are text).
    public var environment: [String: String] { variables.variables }
    /// Where variables are read from; one set to bytes that are not valid UTF-8 is refused where
    /// it is needed.
    let variables: Environment
    /// Set by `init(folder:)`: the one folder every directory resolves to.
    let folder: String?
    /// Set by `init(folder:)` when that folder is never a whole store (`WholeStoreGuard`): what it
    /// is, for the message. Every use of such locations throws.
    package let wholeStoreRefusal: String?

    /// - Parameters:
    ///   - app: the namespace; nil means `SHELF_APP` from `environment`, else `shelf`.
    ///   - environment: the variables to resolve from (`ProcessInfo` is never consulted).
    /// - Throws: `ShelfError.invalidName` when the app name is not one safe path component.
    public init(app: String? = nil, environment: [String: String]) throws {
        try self.init(app: app, environment: Environment(variables: environment))
    }

    /// - Throws: `invalidName` also when a variable it needs is not valid UTF-8.
    package init(app: String?, environment: Environment) throws {
        variables = environment
        let chosen = try app ?? Locations.appNamed(in: environment, otherwise: "shelf")
        try Locations.validateComponent(chosen, what: "app name")
        try NamespaceRules.checkReserved(app: chosen)
        self.app = chosen
        folder = nil
        wholeStoreRefusal = nil
    }

    /// Locations where every directory is `folder` itself, an absolute path the program chose
    /// (the Swift API's `DiskStorage(path:)`): names inside it get the same checks and the same
    /// link-free walk as in a namespace folder. Nothing else is read from the environment.
    /// `/`, a system top folder, the home folder `home` or a folder above it is refused, judged
    /// once here by the identity of the folder reached (`WholeStoreGuard`): every use throws.
    public init(folder: String, home: String?) {
        app = String(folder.split(separator: "/").last ?? "/")
        variables = Environment(variables: [:])
        self.folder = folder
        wholeStoreRefusal = folder.hasPrefix("/") ? WholeStoreGuard.refusal(for: folder, home: home) : nil
    }

    /// The absolute namespace folder of `directory`, whether or not it exists yet.
    public func path(for directory: Directory) throws -> String {
        try namespace(for: directory).path
    }

    /// The namespace folder and the rules that apply when shelf creates or opens it. The name is
    /// checked against every other base folder (`NamespaceRules`): no namespace overlaps another.
    func namespace(for directory: Directory) throws -> Namespace {
        if let folder {
            guard folder.hasPrefix("/") else {
                throw ShelfError.cannotAccessDirectory(path: folder, reason: "the folder is not an absolute path")
            }
            if let what = wholeStoreRefusal { throw Locations.neverAWholeStore(folder, what) }
            return Namespace(path: trimmed(folder))
        }
        let role: BaseFolder.Role
        var name = app
        switch directory {
        case .documents: role = .documents
        case .caches: role = .caches
        case .applicationSupport: role = .applicationSupport
        case .sharedContainer(let group):
            try Locations.validateComponent(group, what: "group name")
            try NamespaceRules.checkReserved(group: group)
            role = .sharedContainers
            name = group
        case .temporary:
            role = try temporaryRole()
            // /tmp is shared by every user: the folder must be ours alone, checked on each use.
            if role == .temporaryFallback { name = "\(app)-\(ProcessState.userID)" }
        }
        let base = BaseFolder(role: role, path: try basePath(role))
        let others = baseFolders(resolved: base)
        try NamespaceRules.check(name, in: base, among: others)
        return Namespace(path: base.path + "/" + name, guarded: (base, name, others.filter { $0.role != role }),
                         tagAsCache: role == .caches, mustBePrivate: role == .temporaryFallback)
    }

    /// The folder namespaces of `role` are made in, as the environment sets it.
    func basePath(_ role: BaseFolder.Role) throws -> String {
        switch role {
        case .home: return try home()
        case .documents: return try documentsBase()
        case .caches: return try base("XDG_CACHE_HOME", default: ".cache")
        case .applicationSupport: return try base("XDG_DATA_HOME", default: ".local/share")
        // Outside every app's own folder, so that all apps naming the group meet there.
        case .sharedContainers: return try base("XDG_DATA_HOME", default: ".local/share") + "/" + Locations.sharedFolder
        case .temporary:
            guard let runtime = try absolute("XDG_RUNTIME_DIR") else {
                throw ShelfError.cannotAccessDirectory(path: "$XDG_RUNTIME_DIR", reason: "XDG_RUNTIME_DIR is not set to an absolute path")
            }
            return trimmed(runtime)
        // Where the temporary folder goes without `XDG_RUNTIME_DIR`.
        case .temporaryFallback: return trimmed(try absolute("TMPDIR") ?? "/tmp")
        }
    }

    /// The temporary directory's base: `$XDG_RUNTIME_DIR`, unless it is unset, empty or relative.
    func temporaryRole() throws -> BaseFolder.Role {
        try absolute("XDG_RUNTIME_DIR") == nil ? .temporaryFallback : .temporary
    }

    /// The folder in `$XDG_DATA_HOME` that holds the shared containers.
    static let sharedFolder = "shelf-shared"

    /// The home folder: `$HOME`, which must be absolute.
    func home() throws -> String {
        guard let home = try absolute("HOME") else {
            throw ShelfError.cannotAccessDirectory(path: "$HOME", reason: "HOME is not set to an absolute path")
        }
        return trimmed(home)
    }

    func base(_ variable: String, default relative: String) throws -> String {
        if let value = try absolute(variable) { return trimmed(value) }
        return try home() + "/" + relative
    }

    /// The documents base; the home folder itself (or a folder above it) means "no Documents
    /// folder" to xdg-user-dirs, and for shelf too, from either source: ~/Documents then.
    func documentsBase() throws -> String {
        let knownHome = try? home()
        if let value = try absolute("XDG_DOCUMENTS_DIR"), !Locations.isHomeOrAbove(value, home: knownHome) { return trimmed(value) }
        // Needed now: resolving HOME again throws what made it unusable (not set or relative: 77;
        // not UTF-8: 64).
        let home = try knownHome ?? home()
        let config = try absolute("XDG_CONFIG_HOME").map(trimmed) ?? home + "/.config"
        let file = config + "/user-dirs.dirs"
        if let contents = try? FileDescriptor.readSmallFile(file),
           let value = try UserDirs.value(of: "XDG_DOCUMENTS_DIR", in: contents, home: home, file: file),
           !Locations.isHomeOrAbove(value, home: home) {
            return trimmed(value)
        }
        return home + "/Documents"
    }

    /// The spec says empty or relative values are to be ignored. A value that is not valid
    /// UTF-8 is refused: shelf would otherwise use another folder than the one named.
    private func absolute(_ variable: String) throws -> String? {
        switch variables.lookup(variable) {
        case .text(let value): return value.hasPrefix("/") ? value : nil
        case .unset: return nil
        case .notText: throw Locations.notText(variable)
        }
    }

    /// The app `SHELF_APP` names when it is set and not empty, else `fallback`.
    /// - Throws: `invalidName` when `SHELF_APP` is not valid UTF-8.
    static func appNamed(in environment: Environment, otherwise fallback: @autoclosure () -> String) throws -> String {
        switch environment.lookup("SHELF_APP") {
        case .text(let name) where !name.isEmpty: return name
        case .notText: throw notText("SHELF_APP")
        case .text, .unset: return fallback()
        }
    }

    private static func notText(_ variable: String) -> ShelfError {
        .invalidName("$" + variable, reason: "\(variable) is not valid UTF-8; shelf names folders by their exact text, so set it to a UTF-8 path or name")
    }

    static func isHomeOrAbove(_ path: String, home: String?) -> Bool {
        guard let home else { return false }
        let (folder, homeFolder) = (BaseFolder.components(path), BaseFolder.components(home))
        return BaseFolder.same(folder, homeFolder) || BaseFolder.isInside(homeFolder, folder)
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
    /// Its base folder, its name there, and the other base folders it may not be nor contain,
    /// which `NamespaceGuard` checks by device and inode when it opens the folder.
    var guarded: NamespaceGuard.Guarded?
    /// Write a `CACHEDIR.TAG` when creating it, so backup tools skip it.
    var tagAsCache = false
    /// Must be a real folder owned by this user with mode 0700 (the shared /tmp fallback).
    var mustBePrivate = false
}
