import FoundationEssentials

/// A type whose values live in one JSON file, `<fileName>.json` in `archiveDirectory`
/// (documents unless overridden), with no set-up: conform and call `saveToFile()`.
/// Unlike the seed design, failures throw instead of printing.
public protocol Persistible {
    /// The file's name without `.json`; the type's name by default.
    static var fileName: String { get }
    /// Where the file lives; `.documents` by default.
    static var archiveDirectory: Directory { get }
    /// The configuration to use; by default the process environment (`Store()`).
    static var archiveStore: Store { get throws }
    /// Removes the file; nothing happens when there is none.
    static func deleteFile() throws
}

extension Persistible {
    public static var fileName: String { String(describing: Self.self) }
    public static var archiveDirectory: Directory { .documents }
    public static var archiveStore: Store { get throws { try Store() } }

    /// The path of the file inside `archiveDirectory`.
    public static var archivePath: String { fileName + ".json" }

    /// The file's URL: `<fileName>.json` in `archiveDirectory` (the seed's non-throwing shape).
    /// When the location cannot be worked out (no `HOME`, an unusable name, a store that throws),
    /// it is a URL below `/dev/null`, where nothing can be read or written; `loadFromFile()` and
    /// `saveToFile()` throw the reason.
    public static var archiveUrl: URL {
        (try? archiveStore.url(for: archivePath, in: archiveDirectory))
            ?? URL(filePath: "/dev/null", directoryHint: .isDirectory).appending(path: archivePath)
    }

    public static func deleteFile() throws {
        do {
            try archiveStore.remove(archivePath, from: archiveDirectory)
        } catch ShelfError.notFound {}
    }
}

extension Persistible where Self: Decodable {
    /// The stored value: the one saved, or the last one saved when the file holds a list.
    /// - Throws: `notFound` when there is no file or the list is empty, `deserialization`.
    public static func loadFromFile() throws -> Self {
        let store = try archiveStore
        let data = try store.retrieve(archivePath, from: archiveDirectory, as: Data.self)
        let decoder = JSONDecoder()
        if let single = try? decoder.decode(Self.self, from: data) { return single }
        let path = try store.path(for: archivePath, in: archiveDirectory)
        do {
            guard let last = try decoder.decode([Self].self, from: data).last else { throw ShelfError.notFound(path: path) }
            return last
        } catch let error as ShelfError {
            throw error
        } catch {
            throw CodingErrors.decoding(error, path: path)
        }
    }

    /// Every stored value, in the order saved (a file holding one value gives a list of one).
    /// - Throws: `notFound` when there is no file, `deserialization`.
    public static func loadListFromFile() throws -> [Self] {
        let store = try archiveStore
        let data = try store.retrieve(archivePath, from: archiveDirectory, as: Data.self)
        let decoder = JSONDecoder()
        do {
            return try decoder.decode([Self].self, from: data)
        } catch {
            if let single = try? decoder.decode(Self.self, from: data) { return [single] }
            throw CodingErrors.decoding(error, path: try store.path(for: archivePath, in: archiveDirectory))
        }
    }
}

extension Persistible where Self: Codable {
    /// Appends this value to the file (the file becomes a list; O(value), not O(file)).
    public func saveToFile() throws {
        try Self.archiveStore.append(self, to: Self.archivePath, in: Self.archiveDirectory)
    }

    /// The stored list, or an empty one when there is no file yet.
    static func storedList() throws -> [Self] {
        do {
            return try loadListFromFile()
        } catch ShelfError.notFound {
            return []
        }
    }
}

extension Persistible where Self: Codable & Equatable {
    /// Appends this value unless an equal one is stored already (the seed's `Equatable` refinement).
    /// Finding out reads the list; the check and the append are not one step across processes.
    public func saveToFile() throws {
        if try Self.storedList().contains(self) { return }
        try Self.archiveStore.append(self, to: Self.archivePath, in: Self.archiveDirectory)
    }
}

extension Array where Element: Persistible & Codable {
    /// Appends every value, in order, in one append.
    public func saveToFile() throws {
        try Element.archiveStore.append(self, to: Element.archivePath, in: Element.archiveDirectory)
    }
}

extension Array where Element: Persistible & Codable & Equatable {
    /// Appends the values that are not stored yet (nor earlier in this array), in order, in one append.
    public func saveToFile() throws {
        var known = try Element.storedList()
        var fresh: [Element] = []
        for value in self where !known.contains(value) {
            fresh.append(value)
            known.append(value)
        }
        if fresh.isEmpty { return }
        try Element.archiveStore.append(fresh, to: Element.archivePath, in: Element.archiveDirectory)
    }
}
