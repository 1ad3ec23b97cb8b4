import FoundationEssentials

/// Disk's API for Swift on Linux: the same static methods, argument labels, directories and
/// errors, so that code written for Disk compiles and behaves the same here after changing
/// `import Disk` to `import Shelf`.
///
/// Each call builds a `Store` from the process environment at that moment (the namespace is
/// `SHELF_APP`, else the program's name; the XDG variables give the folders); nothing is cached,
/// so there is no hidden state. As in Disk, leading slashes of a name are dropped
/// (`"//a.json"` is `a.json`), and failures are thrown as `NSError`s: Disk's own codes in
/// `Disk.errorDomain`, file-system failures in `NSCocoaErrorDomain`, with the `ShelfError` as
/// `NSUnderlyingErrorKey`. To choose the namespace or the environment, or to catch `ShelfError`
/// directly, construct a `Store` and call the same methods on it.
public enum Disk {
    /// Disk's nested directory type, so that `Disk.Directory.documents` keeps compiling.
    public typealias Directory = Shelf.Directory

    /// The store every static method uses: the process environment, read now (the same as
    /// `Store()`, which programs call to use it directly), unless a test runs the calls on a
    /// store of its own home (`usingStore`).
    static func store() throws -> Store {
        try storeInUse ?? Store()
    }

    @TaskLocal private static var storeInUse: Store?

    /// Runs `body` with every `Disk` call on `store`: for tests, which never change the process
    /// environment, to run the real static calls in a throwaway home.
    static func usingStore<R>(_ store: Store, _ body: () throws -> R) rethrows -> R {
        try $storeInUse.withValue(store, operation: body)
    }

    /// A name as Disk reads it: without the slashes it starts with. Nothing else is changed:
    /// `..`, NUL and control characters are refused later, not removed.
    static func name(_ path: String) -> String {
        String(path.drop { $0 == "/" })
    }

    // MARK: Codable

    /// Encodes `value` as JSON and stores it at `path`, atomically replacing what was there.
    /// - Returns: the URL written.
    @discardableResult
    public static func save<T: Encodable>(_ value: T, to directory: Directory, as path: String,
                                          encoder: JSONEncoder = JSONEncoder()) throws -> URL {
        try bridging(directory) { try store().save(value, to: directory, as: name(path), encoder: encoder) }
    }

    /// Decodes the JSON stored at `path` as `type`.
    public static func retrieve<T: Decodable>(_ path: String, from directory: Directory, as type: T.Type,
                                              decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try bridging(directory, reading: true) { try store().retrieve(name(path), from: directory, as: type, decoder: decoder) }
    }

    // MARK: Data

    /// Stores `value` at `path`, atomically replacing what was there.
    /// - Returns: the URL written.
    @discardableResult
    public static func save(_ value: Data, to directory: Directory, as path: String) throws -> URL {
        try bridging(directory) { try store().save(value, to: directory, as: name(path)) }
    }

    /// The bytes stored at `path`.
    public static func retrieve(_ path: String, from directory: Directory, as type: Data.Type) throws -> Data {
        try bridging(directory, reading: true) { try store().retrieve(name(path), from: directory, as: type) }
    }

    /// Stores each element as a numbered file (`0`, `1`, …) in the folder `path`, replacing the folder.
    /// - Returns: the URL of the folder.
    @discardableResult
    public static func save(_ value: [Data], to directory: Directory, as path: String) throws -> URL {
        try bridging(directory) { try store().save(value, to: directory, as: name(path)) }
    }

    /// The files of the folder `path`, numbered names in numeric order first.
    public static func retrieve(_ path: String, from directory: Directory, as type: [Data].Type) throws -> [Data] {
        try bridging(directory, reading: true) { try store().retrieve(name(path), from: directory, as: type) }
    }
}
