import FoundationEssentials

/// A `Storage` on disk: keys are relative paths below one folder, every write is atomic and
/// durable, and reads and writes take the same locks as the command line, so processes sharing
/// the folder never see half-written values. The folder is inside a shelf directory
/// (`init(directory:path:store:)`), or any folder the program picks (`init(path:)`, the seed's
/// shape); either way a key can never leave it: `..`, absolute keys and control characters are
/// refused, and links inside are never followed.
public struct DiskStorage: Storage {
    let store: Store
    let directory: Directory
    /// The folder inside `directory` that keys are relative to; nil for the namespace folder.
    let path: String?

    /// - Parameters:
    ///   - directory: where the values live.
    ///   - path: a folder inside it that keys are relative to (created on the first save).
    ///   - store: the configuration (namespace and environment).
    /// - Throws: `invalidName` when `path` is not a safe relative path.
    public init(directory: Directory, path: String? = nil, store: Store) throws {
        self.path = try path.map { try SafePath($0).description }
        self.directory = directory
        self.store = store
    }

    /// A storage configured from the process environment (`Store()`).
    public init(directory: Directory, path: String? = nil) throws {
        try self.init(directory: directory, path: path, store: Store())
    }

    /// A storage whose keys are relative to `path`, a folder the program chooses (created, with
    /// its parents, on the first save). Links on the way to the folder are followed, as any
    /// program would; the folder itself must be a real folder, and nothing inside it is followed.
    /// A URL that is not an absolute file path makes every call throw `cannotAccessDirectory`, and
    /// so does a folder that is never a whole store, in any spelling: `/`, a system top folder
    /// (`/etc`, `/usr`, `/tmp`…), the home folder (`$HOME`) or a folder above it (docs/security.md).
    public init(path: URL) {
        let folder = path.isFileURL ? path.standardizedFileURL.path(percentEncoded: false) : path.absoluteString
        store = Store(locations: Locations(folder: folder, home: Locations.processEnvironment()["HOME"]))
        directory = .applicationSupport
        self.path = nil
    }

    /// The path inside `directory` that `key` stands for.
    func storedPath(_ key: String) throws -> String {
        let key = try fileKey(key)
        return path.map { $0 + "/" + key } ?? key
    }

    /// - Throws: `StorageError.notFound` when nothing is stored under `key`; other failures as
    ///   `ShelfError` (`invalidName`, `isAFolder`, `permissionDenied`, …).
    public func fetchValue(for key: String) throws -> Data {
        do {
            return try store.retrieve(storedPath(key), from: directory, as: Data.self)
        } catch ShelfError.notFound {
            throw StorageError.notFound
        }
    }

    /// - Throws: `StorageError.cantWrite` wrapping the `ShelfError` (a key ending in `.json`
    ///   must hold one JSON text, as everywhere in shelf).
    public func save(value: Data, for key: String) throws {
        do {
            try store.save(value, to: directory, as: storedPath(key))
        } catch {
            throw StorageError.cantWrite(error)
        }
    }
}
