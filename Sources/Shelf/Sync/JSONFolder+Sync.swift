import FoundationEssentials

extension JSONFolder {
    /// What `synchronize(_:key:source:)` changed, by id, each list sorted.
    public struct SyncReport: Sendable, Equatable, Codable {
        /// Ids that had no file.
        public var added: [String]
        /// Ids whose files were removed.
        public var removed: [String]
        /// Ids whose files were rewritten because the value changed.
        public var updated: [String]

        public init(added: [String] = [], removed: [String] = [], updated: [String] = []) {
            self.added = added
            self.removed = removed
            self.updated = updated
        }
    }

    /// Makes the folder hold one `<id>.json` file per element of `elements` (objects whose field
    /// `key` is a string or a number), through `Sequence.synchronize`: new ids are written,
    /// changed values rewritten, files of ids no longer present removed, equal ones untouched.
    /// Every id is checked (present, safe as a file name, unique) before anything changes.
    /// - Parameter source: how to name the input in errors.
    /// - Throws: `invalidInput` for an element without a usable id, or an unsafe or repeated id;
    ///   nothing has changed then.
    @discardableResult
    public func synchronize(_ elements: [JSONValue], key: String = "id", source: String = "<input>") throws -> SyncReport {
        let values = try elements.enumerated().map { index, element in
            KeyedJSON(id: try JSONFolder.id(of: element, key: key, index: index, source: source), value: element)
        }
        let result = try values.synchronize(entities: files(), in: self)
        let added = Set(result.added.map(\.id)), removed = Set(result.removed.map(\.id))
        let updated = added.intersection(removed)
        func sorted(_ ids: Set<String>) -> [String] { ids.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) } }
        return SyncReport(added: sorted(added.subtracting(updated)), removed: sorted(removed.subtracting(updated)),
                          updated: sorted(updated))
    }

    /// The text of an element's id: a string as is, a number as written (`7`, `2.5`).
    static func id(of element: JSONValue, key: String, index: Int, source: String) throws -> String {
        func reject(_ reason: String) -> ShelfError { .invalidInput(path: source, reason: "element \(index) \(reason)") }
        guard case .object(let fields) = element else { throw reject("is not an object") }
        switch fields[key] {
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        case .double(let number)?: return Int64(exactly: number).map(String.init) ?? "\(number)"
        case nil: throw reject("has no '\(key)' field")
        case _?: throw reject("has a '\(key)' that is neither a string nor a number")
        }
    }
}

/// One element of `shelf sync`'s input: the id taken from the key field, the whole value as
/// the file's content. A stored file's id is its name.
struct KeyedJSON: Migratable, Hashable, Sendable {
    let id: String
    let value: JSONValue

    static func build(from file: JSONFile) -> KeyedJSON? {
        (try? JSONDecoder().decode(JSONValue.self, from: file.data)).map { KeyedJSON(id: file.id, value: $0) }
    }

    func export(toContext folder: JSONFolder) throws -> JSONFile {
        try folder.write(value, id: id)
    }

    static func delete(counterpart: JSONFile, fromContext folder: JSONFolder) throws {
        try folder.remove(counterpart)
    }

    static func validate(_ values: [KeyedJSON], in folder: JSONFolder) throws {
        try folder.validate(ids: values.map(\.id))
    }
}

extension JSONFolder {
    /// `synchronize(_:key:source:)` with the elements of the JSON array read from `input`.
    /// - Parameter name: how to name the input in errors (`<stdin>`, a file path).
    /// - Throws: `invalidJSON` with line and column, `invalidInput` when the input is not an
    ///   array; nothing has changed then.
    @discardableResult
    public func synchronize<Source: ByteSource>(from input: inout Source, key: String = "id", name: String) throws -> SyncReport {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
            if n == 0 { break }
            data.append(contentsOf: chunk[..<n])
        }
        guard case .array(let elements) = try JSONValue.parse(data, source: name) else {
            throw ShelfError.invalidInput(path: name, reason: "the input must be a JSON array of objects")
        }
        return try synchronize(elements, key: key, source: name)
    }
}
