import FoundationEssentials

extension Store {
    /// Refuses an append of `T`s to a file whose stored value cannot hold them, before anything
    /// is written, as Disk does (it decodes the stored file as `T` or `[T]` and throws
    /// `deserialization` when neither works). Disk decodes the whole file; this decodes the stored
    /// array's first element only (the rest was appended through the same check, or written by
    /// `save` as one encoded value), so an append stays at the cost of the item.
    /// - Throws: `deserialization` naming the file, when the first element (or the single stored
    ///   value, which the append would wrap) does not decode as `T`, or the file is not JSON.
    func checkElementType<T: Decodable>(_ type: T.Type, of path: String, in directory: Directory, decoder: JSONDecoder) throws {
        let first: FirstStoredValue
        do {
            first = try firstStoredValue(path, in: directory)
        } catch ShelfError.invalidJSON(let file, _, _, let reason) {
            throw ShelfError.deserialization(path: file, reason: "the stored file is not one JSON text, so no \(T.self) can be appended to it: \(reason)")
        }
        let stored: Data
        let what: String
        switch first {
        case .nothing: return
        case .firstElement(let bytes): (stored, what) = (Data(bytes), "the first element of the stored array")
        case .otherValue: (stored, what) = (try retrieve(path, from: directory, as: Data.self), "the stored value")
        }
        do {
            _ = try LibraryJSON.decode(T.self, from: stored, like: decoder)
        } catch {
            // The library's own finding, as Disk's: `deserialization`, never the coder's error.
            let file = try self.path(for: path, in: directory)
            throw ShelfError.deserialization(
                path: file, reason: "\(what) is not a \(T.self), so a \(T.self) cannot be appended to it; append items of the stored type, or save a new array")
        }
    }
}
