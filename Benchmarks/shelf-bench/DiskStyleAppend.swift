import FoundationEssentials

/// The record shape the JSON cases store (see `DataFiles.record`), as a user's Codable type.
struct DiskRecord: Codable {
    var id: Int
    var name: String
    var tags: [String]
    var score: Double
    var ok: Bool
}

/// `shelf-bench disk-append FILE ITEM`: what Disk's `append(_:to:in:)` does on every call,
/// in the same order: read the whole file, decode every record, append one, encode them all,
/// write the result atomically. It is the baseline that shelf's O(item) append is measured against.
enum DiskStyleAppend {
    static func run(file: String, item: String) throws {
        let url = URL(fileURLWithPath: file)
        let decoder = JSONDecoder()
        var records = try decoder.decode([DiskRecord].self, from: try Data(contentsOf: url))
        records.append(try decoder.decode(DiskRecord.self, from: try Data(contentsOf: URL(fileURLWithPath: item))))
        try JSONEncoder().encode(records).write(to: url, options: .atomic)
    }
}
