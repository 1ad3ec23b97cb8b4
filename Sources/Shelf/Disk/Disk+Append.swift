import FoundationEssentials

extension Disk {
    /// Appends `value` to the JSON array stored at `path`, creating it as `[value]` when missing.
    /// The stored array is never read back or rewritten: the cost is that of `value` alone.
    /// - Parameter decoder: accepted for source compatibility with Disk; nothing is decoded.
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
