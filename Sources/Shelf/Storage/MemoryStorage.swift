import FoundationEssentials
import Synchronization

/// A `Storage` in memory, for tests and previews. Keys are checked like `DiskStorage`'s (safe
/// relative paths), so code tested against it behaves the same on disk.
public final class MemoryStorage: Storage {
    private let values: Mutex<[String: Data]>

    /// - Parameter values: what is stored at the start, by key.
    public init(_ values: [String: Data] = [:]) {
        self.values = Mutex(values)
    }

    /// The keys stored, sorted.
    public var keys: [String] {
        values.withLock { $0.keys.sorted() }
    }

    /// - Throws: `StorageError.notFound`, or `ShelfError.invalidName` for an unsafe key.
    public func fetchValue(for key: String) throws -> Data {
        let key = try fileKey(key)
        guard let value = values.withLock({ $0[key] }) else { throw StorageError.notFound }
        return value
    }

    /// - Throws: `StorageError.cantWrite` wrapping `ShelfError.invalidName` for an unsafe key.
    public func save(value: Data, for key: String) throws {
        let checked: String
        do {
            checked = try fileKey(key)
        } catch {
            throw StorageError.cantWrite(error)
        }
        values.withLock { $0[checked] = value }
    }
}
