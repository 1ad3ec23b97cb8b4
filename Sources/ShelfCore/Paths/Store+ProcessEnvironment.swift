/// The environment a store resolves its folders from: the variables whose values are text, and the
/// names of those whose values are not valid UTF-8. Those are never decoded with replacement
/// characters (which would turn `…/c\xFF` into another folder, `…/c\u{FFFD}`): a folder variable
/// among them is refused when it is used (`Locations`).
package struct Environment: Sendable {
    /// The variables given; nil for the process environment, where each variable is looked up by
    /// name when asked: a command reads a dozen, and reading all of them into a dictionary was a
    /// tenth of the start-up of `shelf exists` (docs/performance.md, "Start-up").
    private let given: (variables: [String: String], invalid: [String])?

    package init(variables: [String: String], invalid: [String] = []) {
        given = (variables, invalid)
    }

    private init(process: Void) {
        given = nil
    }

    /// The process environment (which shelf never changes), read when a variable is asked for.
    package static func process() -> Environment {
        Environment(process: ())
    }

    /// What a variable is set to.
    package enum Value: Equatable {
        case unset
        case text(String)
        /// Set to bytes that are not valid UTF-8.
        case notText
    }

    package func lookup(_ name: String) -> Value {
        guard let given else {
            // Set twice (possible, if rare): the last value, as before; but a copy that is not
            // text refuses the variable, since other programs (getenv) may read that one.
            var value = Value.unset
            for bytes in ProcessState.environmentValues(name) {
                guard let text = UTF8Text.validated(bytes) else { return .notText }
                value = .text(text)
            }
            return value
        }
        if let text = given.variables[name] { return .text(text) }
        return given.invalid.contains(name) ? .notText : .unset
    }

    /// The value of `name` when it is set to valid UTF-8; nil when unset or not valid UTF-8.
    package subscript(_ name: String) -> String? {
        if case .text(let text) = lookup(name) { return text }
        return nil
    }

    /// Every variable whose value is text (what a child process is given).
    package var variables: [String: String] {
        if let given { return given.variables }
        var variables: [String: String] = [:]
        ProcessState.forEachEnvironmentEntry { name, value in
            guard let name = UTF8Text.validated(name), let value = UTF8Text.validated(value) else { return }
            variables[name] = value
        }
        return variables
    }
}

extension Locations {
    /// The variables of the process environment that are valid UTF-8, as a dictionary.
    public static func processEnvironment() -> [String: String] {
        Environment.process().variables
    }
}

extension Store {
    /// A store configured from the process environment, read now (nothing is cached): the
    /// default behind `Disk`, `Persistible` and `DiskStorage(directory:)`.
    ///
    /// Each program gets its own namespace, as each iOS app has its own sandbox: without `app`
    /// and without `SHELF_APP`, the namespace is the program's name (`defaultApp`). The command
    /// line builds its store with `init(app:environment:)`, whose default stays `shelf`.
    /// - Parameter app: the namespace; nil means `defaultApp`.
    /// - Throws: `invalidName` when the app name is not one safe folder name.
    public init(app: String? = nil) throws {
        try self.init(locations: Locations(app: app ?? Store.defaultApp(), environment: Environment.process()))
    }

    /// The namespace `Store()` (and so every `Disk` call) uses now: `SHELF_APP` when set, else
    /// the name of the program's executable file, followed through links, so that a link to the
    /// program, or a launch under another name, reads and writes the same folders.
    /// - Throws: `invalidName` when `SHELF_APP` is not one safe folder name.
    public static func defaultApp() throws -> String {
        try Locations.appNamed(in: Environment.process(), otherwise: Locations.programName())
    }
}

extension Locations {
    /// The running program's name as a namespace: the last component of its executable file
    /// (`/proc/self/exe`, where every link has been followed), else of `argv[0]`; `shelf` when
    /// there is neither or the name could not be one folder name.
    ///
    /// Not the launch name alone: a program started through a link (`/usr/local/bin/recipes` to
    /// `/opt/recipes/bin/recipes-cli`) or with another `argv[0]` would otherwise silently use a
    /// new, empty namespace. A program that is renamed or versioned (`recipes-1.2`) should fix its
    /// namespace with `Store(app:)` or `SHELF_APP`.
    static func programName(executable: String? = executablePath(), arguments: [String] = CommandLine.arguments) -> String {
        guard let launched = executable ?? arguments.first, let name = launched.split(separator: "/").last.map(String.init),
              (try? validateComponent(name, what: "app name")) != nil,
              (try? NamespaceRules.checkReserved(app: name)) != nil else { return "shelf" }
        return name
    }

    /// The path of the running executable, from the kernel; nil when `/proc` cannot tell it.
    static func executablePath() -> String? {
        guard let bytes = try? kernel.readLink(SystemString("/proc/self/exe"), in: nil),
              var path = UTF8Text.validated(bytes) else { return nil }
        // An executable removed or replaced while it runs is shown with this suffix.
        let deleted = " (deleted)"
        if path.hasSuffix(deleted) { path.removeLast(deleted.count) }
        return path
    }
}
