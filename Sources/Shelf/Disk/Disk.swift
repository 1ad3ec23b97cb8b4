import FoundationEssentials

/// Disk's API for Swift on Linux: the same static methods, argument labels and directories, so
/// that code written for Disk compiles here by changing `import Disk` to `import Shelf`.
///
/// Each call builds a `Store` from the process environment at that moment (`SHELF_APP` or
/// `shelf` as the app namespace, the XDG variables for the folders); nothing is cached, so there
/// is no hidden state. To choose the namespace or the environment explicitly, construct a
/// `Store` and call the same methods on it: `try Store(app: "myapp").save(value, to: .documents, as: "a.json")`.
public enum Disk {
    /// Disk's nested directory type, so that `Disk.Directory.documents` keeps compiling.
    public typealias Directory = Shelf.Directory

    /// The store every static method uses: the process environment, read now.
    public static func store() throws -> Store {
        try Store()
    }

    // MARK: Codable

    /// Encodes `value` as JSON and stores it at `path`, atomically replacing what was there.
    /// - Returns: the URL written.
    @discardableResult
    public static func save<T: Encodable>(_ value: T, to directory: Directory, as path: String,
                                          encoder: JSONEncoder = JSONEncoder()) throws -> URL {
        try store().save(value, to: directory, as: path, encoder: encoder)
    }

    /// Decodes the JSON stored at `path` as `type`.
    public static func retrieve<T: Decodable>(_ path: String, from directory: Directory, as type: T.Type,
                                              decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try store().retrieve(path, from: directory, as: type, decoder: decoder)
    }

    // MARK: Data

    /// Stores `value` at `path`, atomically replacing what was there.
    /// - Returns: the URL written.
    @discardableResult
    public static func save(_ value: Data, to directory: Directory, as path: String) throws -> URL {
        try store().save(value, to: directory, as: path)
    }

    /// The bytes stored at `path`.
    public static func retrieve(_ path: String, from directory: Directory, as type: Data.Type) throws -> Data {
        try store().retrieve(path, from: directory, as: type)
    }

    /// Stores each element as a numbered file (`0`, `1`, …) in the folder `path`, replacing the folder.
    /// - Returns: the URL of the folder.
    @discardableResult
    public static func save(_ value: [Data], to directory: Directory, as path: String) throws -> URL {
        try store().save(value, to: directory, as: path)
    }

    /// The files of the folder `path`, numbered names in numeric order first.
    public static func retrieve(_ path: String, from directory: Directory, as type: [Data].Type) throws -> [Data] {
        try store().retrieve(path, from: directory, as: type)
    }
}
