/// A `Codable & Identifiable` value that synchronizes with a `JSONFolder` without any
/// conversion code: declaring the conformance is enough.
///
/// ```swift
/// struct Note: Codable, Identifiable, Equatable, JSONFolderSyncable { var id: Int; var text: String }
/// let folder = try JSONFolder("notes", in: .documents, store: store)
/// try notes.synchronize(in: folder)   // one notes/<id>.json per note
/// ```
/// The file name is the id's text. A file that does not decode as the type, or whose name does
/// not match the id inside, is not the type's: it is left alone.
public protocol JSONFolderSyncable: Migratable, Codable, Identifiable
where Counterpart == JSONFile, Context == JSONFolder, ID: CustomStringConvertible {}

extension JSONFolderSyncable {
    /// The id as a file name (without `.json`).
    public var fileID: String { String(describing: id) }

    public static func build(from file: JSONFile) -> Self? {
        guard let value = try? file.decode(Self.self), value.fileID == file.id else { return nil }
        return value
    }

    @discardableResult
    public func export(toContext folder: JSONFolder) throws -> JSONFile {
        try folder.write(self, id: fileID)
    }

    public static func delete(counterpart: JSONFile, fromContext folder: JSONFolder) throws {
        try folder.remove(counterpart)
    }

    /// Ids must be unique and usable as file names.
    public static func validate(_ values: [Self], in folder: JSONFolder) throws {
        try folder.validate(ids: values.map(\.fileID))
    }
}

extension Sequence where Element: JSONFolderSyncable {
    /// `synchronize(entities:in:)` with the files `folder` holds now.
    @discardableResult
    public func synchronize(in folder: JSONFolder) throws -> SynchronizeResult<Element> {
        try synchronize(entities: folder.files(), in: folder)
    }
}
