import FoundationEssentials

extension Store {
    /// Removes the file at `path` only if it still holds `expected`: "delete what I saw", so that
    /// a value rewritten meanwhile (by this process or another) survives. The engine holds the
    /// file's exclusive lock while the bytes are compared (see `Store.removeIfUnchanged(_:in:unchanged:)`).
    /// - Returns: whether the file was removed (false when it is gone or has changed).
    @discardableResult
    func removeIfUnchanged(_ path: String, in directory: Directory, expected: Data) throws -> Bool {
        try removeIfUnchanged(path, in: directory) { try Store.readData($0) == expected }
    }
}
