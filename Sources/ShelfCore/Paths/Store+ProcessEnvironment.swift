/// The environment a store resolves its folders from: the variables whose values are text, and the
/// names of those whose values are not valid UTF-8. Those are never decoded with replacement
/// characters (which would turn `…/c\xFF` into another folder, `…/c\u{FFFD}`): a folder variable
/// among them is refused when it is used (`Locations`).
package struct Environment: Sendable {
    package var variables: [String: String]
    package var invalid: [String]

    package init(variables: [String: String], invalid: [String] = []) {
        self.variables = variables
        self.invalid = invalid
    }

    /// The process environment, read now.
    package static func process() -> Environment {
        var environment = Environment(variables: [:])
        ProcessState.forEachEnvironmentEntry { name, value in
            guard let name = String(validating: name, as: UTF8.self) else { return }
            if let value = String(validating: value, as: UTF8.self) {
                environment.variables[name] = value
            } else {
                environment.invalid.append(name)
            }
        }
        return environment
    }
}

extension Locations {
    /// The variables of the process environment that are valid UTF-8, as a dictionary.
    package static func processEnvironment() -> [String: String] {
        Environment.process().variables
    }
}

extension Store {
    /// A store configured from the process environment, read now (nothing is cached): the
    /// default behind `Disk`, `Persistible` and `DiskStorage(directory:)`.
    ///
    /// Each program gets its own namespace, as each iOS app has its own sandbox: without `app`
    /// and without `SHELF_APP`, the namespace is the program's name (the last component of its
    /// first argument), or `shelf` when that name cannot be a folder name. The command line
    /// builds its store with `init(app:environment:)`, whose default stays `shelf`.
    /// - Parameter app: the namespace; nil means `SHELF_APP`, else the program's name.
    /// - Throws: `invalidName` when the app name is not one safe folder name.
    public init(app: String? = nil) throws {
        let environment = Environment.process()
        if app == nil { try Locations.checkValid("SHELF_APP", in: environment.invalid) }
        let chosen = app ?? environment.variables["SHELF_APP"].flatMap { $0.isEmpty ? nil : $0 } ?? Locations.programName()
        try self.init(locations: Locations(app: chosen, environment: environment))
    }
}

extension Locations {
    /// The running program's name as a namespace: the last component of `argv[0]`, or `shelf`
    /// when there is none or it could not be one folder name.
    package static func programName(_ arguments: [String] = CommandLine.arguments) -> String {
        guard let first = arguments.first, let name = first.split(separator: "/").last.map(String.init),
              (try? validateComponent(name, what: "app name")) != nil,
              (try? NamespaceRules.checkReserved(app: name)) != nil else { return "shelf" }
        return name
    }
}
