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
        try decode(storage.fetchValue(for: key), key)
    }

    /// Encodes `value` and stores it under `key`.
    /// - Throws: `ShelfError.serialization` naming the key (nothing is written), or the
    ///   storage's `StorageError.cantWrite`.
    public func save<T: Encodable>(_ value: T, for key: String) throws {
        try storage.save(value: encode(value, key), for: key)
    }

    private func decode<T: Decodable>(_ data: Data, _ key: String) throws -> T {
        do {
            return try LibraryJSON.decode(T.self, from: data, like: decoder)
        } catch {
            throw CodingErrors.decoding(error, path: key)
        }
    }

    private func encode<T: Encodable>(_ value: T, _ key: String) throws -> Data {
        do {
            return try LibraryJSON.encode(value, like: encoder)
        } catch {
            throw CodingErrors.encoding(error, path: key)
        }
    }

    /// `fetch(for:)` with the reading off the concurrency pool. The bytes cross threads, the
    /// value does not: it is decoded in the caller's task, so `T` need not be `Sendable` (a
    /// `Sendable` requirement here kept non-`Sendable` models from compiling in `async` code,
    /// where Swift picks this overload and does not fall back to the synchronous one).
    public func fetch<T: Decodable>(for key: String) async throws -> T {
        let data = try await storage.fetchValue(for: key)
        return try decode(data, key)
    }

    /// `save(_:for:)` with the writing off the concurrency pool; `value` is encoded in the
    /// caller's task, so `T` need not be `Sendable`.
    public func save<T: Encodable>(_ value: T, for key: String) async throws {
        try await storage.save(value: encode(value, key), for: key)
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
