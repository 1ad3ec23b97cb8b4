/// The rules an id must meet to name a file `<id>.json` of a synchronized folder, checked for all
/// ids before anything is written.
public enum SyncIDs {
    /// The file name of an id.
    public static func fileName(for id: String) -> String { id + ".json" }

    /// Refuses ids that cannot be file names here, and duplicates. Ids are compared as bytes, as
    /// the file system compares names: NFC `é` and NFD `é` are two ids, two files.
    /// - Parameter folderPath: the folder's absolute path, for the message.
    /// - Throws: `invalidInput` naming the folder, the element's position and the id.
    public static func check(_ ids: [String], folderPath: String) throws {
        var seen: [[UInt8]: Int] = [:]
        for (index, id) in ids.enumerated() {
            func reject(_ reason: String) -> ShelfError {
                .invalidInput(path: folderPath, reason: "element \(index): id '\(printable(id))': \(reason)")
            }
            if id.isEmpty { throw reject("the id is empty") }
            if id.hasPrefix(".") { throw reject("an id cannot start with '.' (its file would be hidden)") }
            if id.utf8.contains(UInt8(ascii: "/")) { throw reject("an id cannot contain '/'") }
            do {
                _ = try SafePath(fileName(for: id))
            } catch ShelfError.invalidName(_, let reason) {
                throw reject(reason)
            }
            let bytes = Array(id.utf8)
            if let first = seen[bytes] { throw reject("element \(first) has the same id; ids must be unique") }
            seen[bytes] = index
        }
    }
}
