import FoundationEssentials

/// A `Storage` over one shelf directory (or a folder inside it): keys are relative paths below
/// it, every write is atomic and durable, and reads and writes take the same locks as the
/// command line, so processes sharing the folder never see half-written values.
public struct DiskStorage: Storage {
    public let store: Store
    public let directory: Directory
    /// The folder inside `directory` that keys are relative to; nil for the namespace folder.
    public let path: String?

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
