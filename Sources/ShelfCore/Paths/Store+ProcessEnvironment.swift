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
    /// - Parameter app: the namespace; nil means `SHELF_APP`, else `shelf`.
    /// - Throws: `invalidName` when the app name is not one safe folder name.
    public init(app: String? = nil) throws {
        try self.init(app: app, environment: Locations.processEnvironment())
    }
}
