import Glibc

extension Locations {
    /// The process environment as a dictionary, read straight from `environ` (no Foundation
    /// needed). The command line's `main` and the Swift API's defaults both read it here.
    package static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            // Split at the first `=` byte: searching the text Character by Character (grapheme
            // breaking) cost more than all the rest of `shelf exists`.
            if let eq = strchr(entry, Int32(UInt8(ascii: "="))) {
                let key = UnsafeRawBufferPointer(start: entry, count: eq - entry)
                result[String(decoding: key, as: UTF8.self)] = String(cString: eq + 1)
            }
            pointer += 1
        }
        return result
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
        let environment = Locations.processEnvironment()
        let chosen = app ?? environment["SHELF_APP"].flatMap { $0.isEmpty ? nil : $0 } ?? Locations.programName()
        try self.init(app: chosen, environment: environment)
    }
}

extension Locations {
    /// The running program's name as a namespace: the last component of `argv[0]`, or `shelf`
    /// when there is none or it could not be one folder name.
    package static func programName(_ arguments: [String] = CommandLine.arguments) -> String {
        guard let first = arguments.first, let name = first.split(separator: "/").last.map(String.init),
              (try? validateComponent(name, what: "app name")) != nil, name != sharedFolder else { return "shelf" }
        return name
    }
}
