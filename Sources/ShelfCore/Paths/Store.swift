/// The engine behind both the command line and the Swift API: one configured value
/// (app namespace plus environment) whose methods do all the work. It holds no mutable state,
/// so one value can be shared freely between tasks.
public struct Store: Sendable {
    public let locations: Locations

    /// - Parameters:
    ///   - app: the namespace; nil means `SHELF_APP`, else `shelf`.
    ///   - environment: where XDG variables are read from (tests pass their own).
    public init(app: String? = nil, environment: [String: String]) throws {
        locations = try Locations(app: app, environment: environment)
    }

    /// A store whose environment may name variables that are not valid UTF-8 (the process's).
    package init(app: String?, environment: Environment) throws {
        locations = try Locations(app: app, environment: environment)
    }

    public init(locations: Locations) {
        self.locations = locations
    }

    /// The absolute path of `path` inside `directory` (the namespace folder when nil), whether
    /// or not it exists. The path is validated like every other name.
    public func path(for path: String?, in directory: Directory) throws -> String {
        let base = try locations.path(for: directory)
        guard let path else { return base }
        return try base + "/" + SafePath(path).description
    }

    /// The absolute path of `safe`, for messages and output: a name that is not valid UTF-8
    /// appears escaped (see `SafePath.description`).
    package func absolutePath(of safe: SafePath, in directory: Directory) throws -> String {
        try locations.path(for: directory) + "/" + safe.description
    }
}
