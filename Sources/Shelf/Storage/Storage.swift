import Dispatch
import FoundationEssentials

/// The completion of a storage call: the value or the error, delivered once. `@Sendable`
/// because it is called on another thread.
public typealias Handler<T> = @Sendable (Result<T, Error>) -> Void

/// Something values can be read from by key. Keys are relative paths and may have subfolders
/// (`users/42.json`).
public protocol ReadableStorage: Sendable {
    /// The bytes stored under `key`.
    /// - Throws: `StorageError.notFound` when nothing is stored under `key`.
    func fetchValue(for key: String) throws -> Data
    /// The same, off the caller's thread; `handler` is called exactly once.
    func fetchValue(for key: String, handler: @escaping Handler<Data>)
}

/// Something values can be written to by key.
public protocol WritableStorage: Sendable {
    /// Stores `value` under `key`, replacing what was there.
    /// - Throws: `StorageError.cantWrite` with the underlying error.
    func save(value: Data, for key: String) throws
    /// The same, off the caller's thread; `handler` is called exactly once with `value` on success.
    func save(value: Data, for key: String, handler: @escaping Handler<Data>)
}

/// A storage that can be read and written.
public typealias Storage = ReadableStorage & WritableStorage

/// The storage errors of the seed design. They wrap the library's `ShelfError` (see
/// `init(_:)` and `shelfError`), so a caller can match either.
public enum StorageError: Error, Sendable {
    /// Nothing is stored under the key.
    case notFound
    /// The value could not be written; the associated error says why (usually a `ShelfError`).
    case cantWrite(Error)

    /// Maps a library error: `notFound` stays `notFound`, everything else is `cantWrite`.
    public init(_ error: ShelfError) {
        if case .notFound = error { self = .notFound } else { self = .cantWrite(error) }
    }

    /// The library error behind a `cantWrite`, when there is one.
    public var shelfError: ShelfError? {
        if case .cantWrite(let error) = self { return error as? ShelfError }
        return nil
    }
}

extension StorageError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound: return "nothing is stored under the key"
        case .cantWrite(let error): return "cannot write: \(error)"
        }
    }
}

/// A storage key checked as a file path: safe, relative, not ending with `/`.
func fileKey(_ key: String) throws -> String {
    let safe = try SafePath(key)
    if safe.namesFolder { throw ShelfError.invalidName(key, reason: "a key names a file and cannot end with '/'") }
    return safe.description
}

/// Runs blocking work on a global queue and reports it to `handler` exactly once.
func runOffThread<T>(_ work: @escaping @Sendable () throws -> T, handler: @escaping Handler<T>) {
    DispatchQueue.global(qos: .utility).async {
        handler(Result { try work() })
    }
}

/// Awaits blocking work run on a global queue, so that it never blocks the concurrency pool.
func awaitOffThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        runOffThread(work) { continuation.resume(with: $0) }
    }
}

extension ReadableStorage {
    public func fetchValue(for key: String, handler: @escaping Handler<Data>) {
        runOffThread({ try self.fetchValue(for: key) }, handler: handler)
    }

    /// The bytes stored under `key`, read off the concurrency pool.
    public func fetchValue(for key: String) async throws -> Data {
        try await awaitOffThread { try self.fetchValue(for: key) }
    }
}

extension WritableStorage {
    public func save(value: Data, for key: String, handler: @escaping Handler<Data>) {
        runOffThread({ try self.save(value: value, for: key); return value }, handler: handler)
    }

    /// Stores `value` under `key`, written off the concurrency pool.
    public func save(value: Data, for key: String) async throws {
        _ = try await awaitOffThread { try self.save(value: value, for: key) }
    }
}
