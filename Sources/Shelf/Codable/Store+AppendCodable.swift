import FoundationEssentials

extension Store {
    /// Appends `value`, encoded as JSON, to the array stored at `path` (Disk's
    /// `append(_:to:in:decoder:encoder:)`): a missing file becomes `[value]`, a file holding one
    /// other value becomes `[old, value]`. Unlike Disk it never decodes the stored array: the value
    /// is written in place before the closing bracket, so the cost is that of the value alone, and
    /// concurrent appends from threads or processes all land. A `.jsonl` or `.ndjson` name gets the
    /// value as one compact line instead.
    /// - Parameter decoder: accepted for Disk compatibility; the stored data is never decoded.
    /// - Returns: the URL of the file.
    /// - Throws: `serialization` (nothing written), `invalidJSON` when the stored file is broken, `isAFolder`, `noSpace`, …
    @discardableResult
    public func append<T: Codable>(_ value: T, to path: String, in directory: Directory,
                                   decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()) throws -> URL {
        // As in `save`: bytes that reach the generic method still go to the next numbered file.
        if T.self == Data.self, let bytes = value as? Data { return try append(bytes, to: path, in: directory) }
        let data = try encode(value, encoder, path: path, in: directory)
        let lines = AppendFormat.forName(path) == .jsonLines
        // A JSON Lines value must be one line: wrapped in brackets, `each` compacts it.
        var source = lines ? DataSource(Data("[".utf8), data, Data("]".utf8)) : DataSource(data)
        return fileURL(try append(from: &source, to: path, in: directory, options: Store.codableOptions(path, each: lines)).path)
    }

    /// Appends each element of `value` to the array stored at `path` (Disk's `append([T])`), in
    /// one locked, journaled step: all of them or, after a crash, none.
    /// - Returns: the URL of the file.
    @discardableResult
    public func append<T: Codable>(_ value: [T], to path: String, in directory: Directory,
                                   decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()) throws -> URL {
        if T.self == Data.self, let list = value as? [Data] { return try append(list, to: path, in: directory) }
        var source = DataSource(try encode(value, encoder, path: path, in: directory))
        return fileURL(try append(from: &source, to: path, in: directory, options: Store.codableOptions(path, each: true)).path)
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
        for data in value { try append(data, to: path, in: directory) }
        return URL(filePath: try self.path(for: path, in: directory), directoryHint: .isDirectory)
    }

    /// Disk stores JSON under any name: only JSON Lines names are treated differently.
    private static func codableOptions(_ path: String, each: Bool) -> AppendOptions {
        var options = AppendOptions(each: each)
        options.format = AppendFormat.forName(path) == .jsonLines ? .jsonLines : .jsonArray
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
