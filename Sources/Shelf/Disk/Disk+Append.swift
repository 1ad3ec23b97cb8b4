import FoundationEssentials

extension Disk {
    /// Appends `value` to the JSON array stored at `path`, creating it as `[value]` when missing.
    /// The stored array is never rewritten, and only its first element is read back: the cost is
    /// that of `value` and one element.
    /// - Parameter decoder: decodes the stored array's first element as `T`; another type is
    ///   refused with `deserialization`, as Disk refuses it.
    @discardableResult
    public static func append<T: Codable>(_ value: T, to path: String, in directory: Directory,
                                          decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()) throws -> URL {
        try bridging(directory) { try store().append(value, to: name(path), in: directory, decoder: decoder, encoder: encoder) }
    }

    /// Appends each element of `value` to the JSON array stored at `path`, all in one step.
    @discardableResult
    public static func append<T: Codable>(_ value: [T], to path: String, in directory: Directory,
                                          decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()) throws -> URL {
        try bridging(directory) { try store().append(value, to: name(path), in: directory, decoder: decoder, encoder: encoder) }
    }

    /// Stores `value` as the next numbered file of the `[Data]` folder `path`.
    @discardableResult
    public static func append(_ value: Data, to path: String, in directory: Directory) throws -> URL {
        try bridging(directory) { try store().append(value, to: name(path), in: directory) }
    }

    /// Stores each element of `value` as the next numbered files of the `[Data]` folder `path`.
    @discardableResult
    public static func append(_ value: [Data], to path: String, in directory: Directory) throws -> URL {
        try bridging(directory) { try store().append(value, to: name(path), in: directory) }
    }
}
