import FoundationEssentials

extension Store {
    /// Appends `value`, encoded as JSON, to the array stored at `path` (Disk's
    /// `append(_:to:in:decoder:encoder:)`): a missing file becomes `[value]`, a file holding one
    /// other value becomes `[old, value]`. Unlike Disk it never decodes the whole stored array:
    /// it decodes the array's first element as `T` (refusing the item when that fails, as Disk
    /// refuses an array that does not decode as `[T]`), then writes the value in place before the
    /// closing bracket, so the cost is that of the value and one element, and concurrent appends
    /// from threads or processes all land. Every name holds JSON, as with Disk, `.jsonl` ones too.
    /// - Parameter decoder: decodes the first stored element (or the single stored value) as `T`.
    /// - Returns: the URL of the file.
    /// - Throws: `serialization` (nothing written), `deserialization` when the stored file is not
    ///   JSON or its first element is not a `T` (nothing written), `invalidName` for a name
    ///   ending in `/`, `isAFolder`, `noSpace`, …
    @discardableResult
    public func append<T: Codable>(_ value: T, to path: String, in directory: Directory,
                                   decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()) throws -> URL {
        // As in `save`: bytes that reach the generic method still go to the next numbered file,
        // and a list of them to the next numbered files.
        if T.self == Data.self, let bytes = value as? Data { return try append(bytes, to: path, in: directory) }
        if T.self == [Data].self, let list = value as? [Data] { return try append(list, to: path, in: directory) }
        try Store.checkJSONFileName(path)
        let data = try encode(value, encoder, path: path, in: directory)
        try checkElementType(T.self, of: path, in: directory, decoder: decoder)
        var source = DataSource(data)
        return fileURL(try append(from: &source, to: path, in: directory, options: Store.codableOptions(each: false)).path)
    }

    /// Appends each element of `value` to the array stored at `path` (Disk's `append([T])`), in
    /// one locked, journaled step: all of them or, after a crash, none. The stored array's first
    /// element must decode as `T`, as for one value.
    /// - Returns: the URL of the file.
    @discardableResult
    public func append<T: Codable>(_ value: [T], to path: String, in directory: Directory,
                                   decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()) throws -> URL {
        if T.self == Data.self, let list = value as? [Data] { return try append(list, to: path, in: directory) }
        try Store.checkJSONFileName(path)
        var source = DataSource(try encode(value, encoder, path: path, in: directory))
        try checkElementType(T.self, of: path, in: directory, decoder: decoder)
        return fileURL(try append(from: &source, to: path, in: directory, options: Store.codableOptions(each: true)).path)
    }

    /// Stores `value` as the next numbered file in the folder `path` (Disk's `append(Data)` to a
    /// `[Data]` folder), creating the folder when needed.
    /// - Returns: the URL of the new file.
    @discardableResult
    public func append(_ value: Data, to path: String, in directory: Directory) throws -> URL {
        var source = DataSource(value)
        var options = AppendOptions()
        options.format = .folder
        return fileURL(try append(from: &source, to: path, in: directory, options: options).path)
    }

    /// Stores each element of `value` as the next numbered files in the folder `path`, in order.
    /// - Returns: the URL of the folder.
    @discardableResult
    public func append(_ value: [Data], to path: String, in directory: Directory) throws -> URL {
        // As Disk: a missing folder is saved, so an empty list leaves an empty folder.
        if value.isEmpty, try !exists(path, in: directory) { return try save(value, to: directory, as: path) }
        for data in value { try append(data, to: path, in: directory) }
        return URL(filePath: try self.path(for: path, in: directory), directoryHint: .isDirectory)
    }

    /// Disk stores JSON under any name, and reads it back as `[T]`: so does the library's
    /// `Codable` append, also for `.jsonl` names (the bytes API keeps JSON Lines for those).
    private static func codableOptions(each: Bool) -> AppendOptions {
        var options = AppendOptions(each: each)
        options.format = .jsonArray
        return options
    }

    private func encode<T: Encodable>(_ value: T, _ encoder: JSONEncoder, path: String, in directory: Directory) throws -> Data {
        do {
            return try LibraryJSON.encode(value, like: encoder)
        } catch {
            throw CodingErrors.encoding(error, path: try self.path(for: path, in: directory))
        }
    }
}
