import FoundationEssentials

extension JSONFolder {
    /// What `synchronize` changed, by id, each list sorted.
    public typealias SyncReport = ShelfCore.SyncReport

    /// Makes the folder hold one `<id>.json` file per element of `elements` (objects whose field
    /// `key` is a string or a number): each element is encoded with the folder's encoder and
    /// stored through the engine of `shelf sync` (see `synchronize(from:key:name:)`).
    /// - Parameter source: how to name the input in errors.
    /// - Throws: `invalidInput` for an element without a usable id, or an unsafe or repeated id;
    ///   nothing has changed then.
    @discardableResult
    public func synchronize(_ elements: [JSONValue], key: String = "id", source: String = "<input>") throws -> SyncReport {
        var array = Data("[".utf8)
        for (index, element) in elements.enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            do {
                array.append(try encoder.encode(element))
            } catch {
                throw CodingErrors.encoding(error, path: source)
            }
        }
        array.append(UInt8(ascii: "]"))
        var input = DataSource(array)
        return try synchronize(from: &input, key: key, name: source)
    }

    /// Makes the folder hold one `<id>.json` file per element of the JSON array read from
    /// `input`, each stored exactly as given, byte for byte: new ids are written, changed bytes
    /// rewritten, valid JSON files of ids no longer present removed, identical files untouched.
    /// An id is the element's field `key`: a string's text or a number as written (`7`, `2.50`).
    /// Every id is checked (present, safe as a file name, unique as bytes) before anything
    /// changes. This is `shelf sync`.
    /// - Parameter name: how to name the input in errors (`<stdin>`, a file path).
    /// - Throws: `invalidJSON` with line and column, `invalidInput` when the input is not an
    ///   array of objects with usable ids; nothing has changed then.
    @discardableResult
    public func synchronize<Source: ByteSource>(from input: inout Source, key: String = "id", name: String) throws -> SyncReport {
        try store.synchronize(folder: path, in: directory, from: &input, key: key, inputName: name)
    }
}
