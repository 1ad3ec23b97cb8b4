import FoundationEssentials

extension Store {
    /// Encodes `value` as JSON and stores it at `path`, atomically replacing what was there
    /// (Disk's `save(_:to:as:encoder:)`). Missing folders on the way are created.
    /// - Returns: the URL of the file written.
    /// - Throws: `serialization` when the encoder refuses the value (nothing is written), and
    ///   every error of `save(from:to:in:options:)` (`invalidName`, `isAFolder`, `noSpace`, …).
    @discardableResult
    public func save<T: Encodable>(_ value: T, to directory: Directory, as path: String,
                                   encoder: JSONEncoder = JSONEncoder()) throws -> URL {
        // Swift picks this method over the `Data` and `[Data]` ones for some arguments (an array
        // made with `map`): bytes are stored as bytes and a list as a folder all the same.
        // (By type, not by a cast: an empty array of anything casts to `[Data]`.)
        // `retrieve` and `append` read and add to them the same way, so what generic code saves,
        // the same generic code reads back.
        if T.self == [Data].self, let list = value as? [Data] { return try save(list, to: directory, as: path) }
        if T.self == Data.self, let bytes = value as? Data { return try save(bytes, to: directory, as: path) }
        try Store.checkJSONFileName(path)
        let data: Data
        do {
            data = try LibraryJSON.encode(value, like: encoder)
        } catch {
            throw CodingErrors.encoding(error, path: try self.path(for: path, in: directory))
        }
        // What the encoder wrote is one JSON text by construction: not checked again.
        var source = DataSource(data)
        return fileURL(try save(from: &source, to: path, in: directory, options: SaveOptions(validateJSON: false)))
    }

    /// Decodes the JSON stored at `path` as `type` (Disk's `retrieve(_:from:as:decoder:)`).
    /// `Data` and `[Data]` are read as `save` stores them, bytes and a folder, also when the
    /// caller is generic code that reached this method.
    /// - Throws: `invalidName` for a name ending in `/` (as Disk), `notFound`, `isAFolder`,
    ///   `deserialization` when the bytes do not decode as `type`.
    public func retrieve<T: Decodable>(_ path: String, from directory: Directory, as type: T.Type,
                                       decoder: JSONDecoder = JSONDecoder()) throws -> T {
        if T.self == Data.self, let bytes = try retrieve(path, from: directory, as: Data.self) as? T { return bytes }
        if T.self == [Data].self, let list = try retrieve(path, from: directory, as: [Data].self) as? T { return list }
        try Store.checkJSONFileName(path)
        let data = try retrieve(path, from: directory, as: Data.self)
        do {
            return try LibraryJSON.decode(type, from: data, like: decoder)
        } catch {
            throw CodingErrors.decoding(error, path: try self.path(for: path, in: directory))
        }
    }

    /// A `Codable` value is one JSON file, never a folder: Disk refuses a name ending in `/`
    /// for it with `invalidFileName` (where a `[Data]` list is a folder), and so does the library.
    static func checkJSONFileName(_ path: String) throws {
        if path.hasSuffix("/") {
            throw ShelfError.invalidName(path, reason: "a Codable value is stored as one JSON file; a name ending in '/' names a folder (only Data lists are folders)")
        }
    }
}
