import FoundationEssentials

/// Typed values over any `Storage`: JSON by default, with injectable coders.
public struct CodableStorage: Sendable {
    public let storage: any Storage
    public let decoder: JSONDecoder
    public let encoder: JSONEncoder

    public init(storage: any Storage, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()) {
        self.storage = storage
        self.decoder = decoder
        self.encoder = encoder
    }

    /// The value stored under `key`, decoded as the type the caller expects.
    /// - Throws: `StorageError.notFound`; `ShelfError.deserialization` naming the key when the
    ///   stored bytes are not a `T`.
    public func fetch<T: Decodable>(for key: String) throws -> T {
        let data = try storage.fetchValue(for: key)
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw CodingErrors.decoding(error, path: key)
        }
    }

    /// Encodes `value` and stores it under `key`.
    /// - Throws: `ShelfError.serialization` naming the key (nothing is written), or the
    ///   storage's `StorageError.cantWrite`.
    public func save<T: Encodable>(_ value: T, for key: String) throws {
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw CodingErrors.encoding(error, path: key)
        }
        try storage.save(value: data, for: key)
    }

    /// `fetch(for:)` off the concurrency pool.
    public func fetch<T: Decodable & Sendable>(for key: String) async throws -> T {
        try await awaitOffThread { try self.fetch(for: key) }
    }

    /// `save(_:for:)` off the concurrency pool.
    public func save<T: Encodable & Sendable>(_ value: T, for key: String) async throws {
        try await awaitOffThread { try self.save(value, for: key) }
    }

    /// `fetch(for:)` off the caller's thread; `handler` is called exactly once.
    public func fetch<T: Decodable & Sendable>(for key: String, handler: @escaping Handler<T>) {
        runOffThread({ try self.fetch(for: key) }, handler: handler)
    }

    /// `save(_:for:)` off the caller's thread; `handler` is called exactly once with `value`.
    public func save<T: Encodable & Sendable>(_ value: T, for key: String, handler: @escaping Handler<T>) {
        runOffThread({ try self.save(value, for: key); return value }, handler: handler)
    }
}
