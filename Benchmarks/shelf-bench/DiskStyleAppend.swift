import FoundationEssentials

/// The record shape the JSON cases store (see `DataFiles.record`), as a user's Codable type.
struct DiskRecord: Codable, Equatable, Sendable {
    var id: Int
    var name: String
    var tags: [String]
    var score: Double
    var ok: Bool

    /// The record `DataFiles.record(id)` writes as text.
    init(_ id: Int) {
        self.id = id
        name = "record \(id)"
        tags = ["bench", "shelf"]
        score = Double(id % 1000) + 0.5
        ok = id % 2 == 0
    }
}

/// What Disk does on each call, the baseline of the library cases and of the command line's
/// appends: `JSONEncoder`/`JSONDecoder` and `Data.write(options: .atomic)`, which does not
/// fsync. `durable` adds what shelf does on top, an fsync of the file and of its folder, so that
/// the cost of durability can be told from the rest.
enum DiskStyle {
    static func save(_ records: [DiskRecord], to url: URL, durable: Bool) throws {
        try JSONEncoder().encode(records).write(to: url, options: .atomic)
        if durable { try sync(url) }
    }

    static func retrieve(_ url: URL) throws -> [DiskRecord] {
        try JSONDecoder().decode([DiskRecord].self, from: Data(contentsOf: url))
    }

    /// Disk's `append`: read the whole file, decode every record, append one, encode them all,
    /// write the result atomically.
    static func append(_ record: DiskRecord, to url: URL, durable: Bool) throws {
        var records = try retrieve(url)
        records.append(record)
        try save(records, to: url, durable: durable)
    }

    /// Disk's `[Data]` retrieve: every file of the folder, in the order of the numbers in their names.
    static func retrieveFolder(_ path: String) throws -> [Data] {
        let names = try Cases.entries(in: path + "/").filter { !$0.hasPrefix(".") }
        return try names.sorted { (Int($0) ?? .max, $0) < (Int($1) ?? .max, $1) }.map {
            try Data(contentsOf: URL(fileURLWithPath: path + "/" + $0))
        }
    }

    /// fsync of the file, then of its folder (which holds the rename).
    static func sync(_ url: URL) throws { try DataFiles.syncWithFolder(url.path) }
}

/// `shelf-bench disk-append FILE ITEM`: Disk's append as a separate process, the baseline the
/// command line's O(item) append is measured against.
enum DiskStyleAppend {
    static func run(file: String, item: String) throws {
        let record = try JSONDecoder().decode(DiskRecord.self, from: try Data(contentsOf: URL(fileURLWithPath: item)))
        try DiskStyle.append(record, to: URL(fileURLWithPath: file), durable: false)
    }
}
