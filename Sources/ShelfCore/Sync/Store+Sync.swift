/// What a synchronization of a folder changed, by id, each list in byte order.
public struct SyncReport: Sendable, Equatable, Codable {
    /// Ids that had no file.
    public var added: [String]
    /// Ids whose files were removed.
    public var removed: [String]
    /// Ids whose files were rewritten because their bytes changed.
    public var updated: [String]

    public init(added: [String] = [], removed: [String] = [], updated: [String] = []) {
        self.added = added
        self.removed = removed
        self.updated = updated
    }
}

extension Store {
    /// Makes the folder `path` hold one `<id>.json` file per element of the JSON array read from
    /// `source` (`shelf sync`): each element is stored exactly as given, byte for byte; a file
    /// holding other bytes is rewritten, one holding the same bytes is left untouched (same
    /// modification time), and a valid JSON `*.json` file whose id is gone is removed. An id is
    /// the element's field `key`: a string's decoded text or a number's literal as written.
    /// Other files, hidden files, links and sub-folders are never touched.
    ///
    /// The whole input is read and every id checked (present, safe as a file name, unique as
    /// bytes) before anything changes; the input waits in a spool (memory, then an unnamed file in
    /// the namespace folder), so memory stays bounded whatever its size.
    /// - Parameter inputName: how to name the input in errors (`<stdin>`, a file path).
    /// - Throws: `invalidName` for an unsafe `path`; `invalidJSON` with line and column and
    ///   `invalidInput` for an input that is not an array of objects with usable ids (nothing has
    ///   changed then); `notAFolder`, `noSpace`, … while writing.
    package func synchronize<Source: ByteSource>(folder path: String, in directory: Directory, from source: inout Source,
                                                 key: String, inputName: String) throws -> SyncReport {
        let folderText = try SafePath(path).description
        let folderPath = try self.path(for: folderText, in: directory)
        guard let spoolFolder = try FolderWalker.openNamespace(locations.namespace(for: directory), create: true) else {
            throw ShelfError.notFound(path: try self.path(for: nil, in: directory))
        }
        defer { spoolFolder.close() }
        let input = try SyncInput.read(&source, key: key, spoolFolder: spoolFolder, inputName: inputName)
        try SyncIDs.check(input.elements.map(\.id), folderPath: folderPath)

        let folder: FileDescriptor?
        do {
            folder = try openExistingFolder(folderText, in: directory)
        } catch ShelfError.notFound {
            folder = nil
        }
        defer { folder?.close() }
        var report = SyncReport()
        for element in input.elements {
            let name = SyncIDs.fileName(for: element.id)
            let state = try folder.map { try SyncedFile.state(of: name, in: $0, comparedWith: element.bytes, in: input.spool) } ?? .missing
            switch state {
            case .same: continue
            case .changed: report.updated.append(element.id)
            case .missing, .notJSON: report.added.append(element.id)
            }
            var bytes = SpoolSource(input.spool, element.bytes)
            try save(from: &bytes, to: folderText + "/" + name, in: directory, options: SaveOptions(validateJSON: false))
        }
        if let folder {
            report.removed = try removeGone(from: folder, keeping: Set(input.elements.map { Array($0.id.utf8) }))
        }
        func byteOrder(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
        report.added.sort(by: byteOrder)
        report.updated.sort(by: byteOrder)
        report.removed.sort(by: byteOrder)
        return report
    }

    /// Removes the valid JSON `*.json` files of `folder` whose id is not in `wanted`.
    /// - Returns: their ids.
    private func removeGone(from folder: FileDescriptor, keeping wanted: Set<[UInt8]>) throws -> [String] {
        var removed: [String] = []
        for entry in try FolderEntries.read(folder) {
            let name = Array(entry.name.utf8)
            guard name.first != UInt8(ascii: "."), name.count > 5, name.suffix(5).elementsEqual(".json".utf8) else { continue }
            let id = name.dropLast(5)
            if wanted.contains(Array(id)) { continue }
            if try SyncedFile.removeIfJSON(entry.name, in: folder) { removed.append(String(decoding: id, as: UTF8.self)) }
        }
        if !removed.isEmpty { try AtomicFile.syncFolder(folder) }
        return removed
    }
}
