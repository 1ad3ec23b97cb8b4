import FoundationEssentials

/// A folder of JSON files, one per value, named `<id>.json`: the context that lets any
/// `Codable & Identifiable` value synchronize to disk (see `JSONFolderSyncable`), and the engine
/// of `shelf sync`. Only visible `*.json` files directly in the folder belong to it; other files,
/// hidden files and sub-folders are never listed, changed or removed.
public struct JSONFolder: Sendable {
    public let store: Store
    public let directory: Directory
    /// The folder's path inside `directory`.
    public let path: String
    public let encoder: JSONEncoder
    public let decoder: JSONDecoder

    /// Pretty-printed with sorted keys and unescaped slashes: stable bytes for the same value,
    /// readable files, small diffs.
    public static func defaultEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// - Throws: `invalidName` when `path` is not a safe relative path.
    public init(_ path: String, in directory: Directory, store: Store,
                encoder: JSONEncoder = JSONFolder.defaultEncoder(), decoder: JSONDecoder = JSONDecoder()) throws {
        self.path = try SafePath(path).description
        self.directory = directory
        self.store = store
        self.encoder = encoder
        self.decoder = decoder
    }

    /// A folder in the store configured from the process environment.
    public init(_ path: String, in directory: Directory) throws {
        try self.init(path, in: directory, store: Store())
    }

    /// The file name of an id.
    public static func fileName(for id: String) -> String { SyncIDs.fileName(for: id) }

    /// The files the folder holds now, sorted by id; none when the folder does not exist yet.
    public func files() throws -> [JSONFile] {
        let folder: FileDescriptor
        do {
            folder = try store.openExistingFolder(SafePath(path), in: directory)
        } catch ShelfError.notFound {
            return []
        }
        let files = try folder.closeAfter { folder in
            try FolderEntries.read(folder).compactMap { entry in try file(entry.name, in: folder) }
        }
        return files.sorted { Array($0.id.utf8).lexicographicallyPrecedes($1.id.utf8) }
    }

    /// The `<id>.json` file `name` of the open folder; nil for any other entry, or one gone since
    /// the listing, or a link: not one of ours.
    private func file(_ name: FileName, in folder: FileDescriptor) throws -> JSONFile? {
        guard !name.hasPrefix("."), name.hasSuffix(".json"), name.bytes.count > 5, let text = name.text else { return nil }
        let data: Data
        do {
            let file = try folder.open(name, [.readOnly, .noFollow, .nonBlocking])
            guard let read = try file.closeAfter({ file -> Data? in
                guard try file.status().isRegularFile else { return nil }
                try FileLocks.lockForReading(file, name: name, in: folder)
                return try Store.readData(file)
            }) else { return nil }
            data = read
        } catch ShelfError.notFound, ShelfError.symbolicLink {
            return nil
        }
        return JSONFile(id: String(text.dropLast(5)), path: path + "/" + text, data: data, folder: self)
    }

    /// Refuses ids that cannot be file names here, and duplicates (compared as bytes), before
    /// anything is written.
    /// - Throws: `invalidInput` naming the folder, the element's position and the id.
    public func validate(ids: [String]) throws {
        try SyncIDs.check(ids, folderPath: (try? store.path(for: path, in: directory)) ?? path)
    }

    /// Encodes `value` with the folder's encoder and writes it as `<id>.json`.
    @discardableResult
    public func write<T: Encodable>(_ value: T, id: String) throws -> JSONFile {
        let filePath = path + "/" + JSONFolder.fileName(for: id)
        do {
            return try write(encoder.encode(value), id: id)
        } catch let error where !(error is ShelfError) {
            throw CodingErrors.encoding(error, path: try store.path(for: filePath, in: directory))
        }
    }

    /// Writes `data` as `<id>.json` (atomically), unless the file already holds exactly these
    /// bytes: an unchanged file keeps its modification time.
    @discardableResult
    public func write(_ data: Data, id: String) throws -> JSONFile {
        try validate(ids: [id])
        let filePath = path + "/" + JSONFolder.fileName(for: id)
        let current: Data?
        do {
            current = try store.retrieve(filePath, from: directory, as: Data.self)
        } catch ShelfError.notFound {
            current = nil
        }
        if current != data { try store.save(data, to: directory, as: filePath) }
        return JSONFile(id: id, path: filePath, data: data, folder: self)
    }

    /// Removes `file` only if it still holds the bytes it was listed with.
    /// - Returns: whether it was removed.
    @discardableResult
    public func remove(_ file: JSONFile) throws -> Bool {
        try store.removeIfUnchanged(file.path, in: directory, expected: file.data)
    }
}

/// One `<id>.json` file of a `JSONFolder`, with the bytes it held when listed.
public struct JSONFile: Sendable, Equatable {
    /// The file name without `.json`.
    public let id: String
    /// The path inside the folder's directory.
    public let path: String
    public let data: Data
    /// The folder it belongs to, whose decoder reads it.
    public let folder: JSONFolder

    /// Decodes the file's bytes with the folder's decoder.
    /// - Throws: `deserialization` naming the file.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try folder.decoder.decode(type, from: data)
        } catch {
            throw CodingErrors.decoding(error, path: (try? folder.store.path(for: path, in: folder.directory)) ?? path)
        }
    }

    public static func == (a: JSONFile, b: JSONFile) -> Bool {
        a.id == b.id && a.path == b.path && a.data == b.data
    }
}
