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
    /// - Parameter app: the namespace; nil means `SHELF_APP`, else `shelf`.
    /// - Throws: `invalidName` when the app name is not one safe folder name.
    public init(app: String? = nil) throws {
        try self.init(locations: Locations(app: app, environment: .process()))
    }
}
