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

/// How `synchronize` may change the folder (the command line's options; the Swift API uses the defaults).
package struct SyncOptions: Sendable {
    /// Report what would change; change nothing.
    package var dryRun = false
    /// An empty input may remove every file (`shelf sync --allow-empty`).
    package var allowsEmptying = true

    package init(dryRun: Bool = false, allowsEmptying: Bool = true) {
        self.dryRun = dryRun
        self.allowsEmptying = allowsEmptying
    }
}

/// `synchronize` refused an empty input that would remove every file of the folder: nothing changed.
package struct SyncWouldEmpty: Error, Equatable {
    /// The folder's absolute path.
    package let path: String
    /// How many files the input would have removed.
    package let count: Int
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
    /// - Parameter options: `dryRun` reports what would change and changes nothing; without
    ///   `allowsEmptying` an empty input that would remove files throws `SyncWouldEmpty` instead.
    package func synchronize<Source: ByteSource>(folder path: SafePath, in directory: Directory, from source: inout Source,
                                                 key: String, inputName: String, options: SyncOptions = SyncOptions()) throws -> SyncReport {
        let folderPath = try absolutePath(of: path, in: directory)
        guard let spoolFolder = try FolderWalker.openNamespace(locations.namespace(for: directory), create: true, tag: CacheTag.ensure) else {
            throw ShelfError.notFound(path: try locations.path(for: directory))
        }
        // The spool's file lives in the namespace folder, which stays open as long as the spool.
        return try spoolFolder.closeAfter { spoolFolder in
            try CachingMount.refuseInPlaceChanges(in: spoolFolder, path: folderPath)
            let input = try SyncInput.read(&source, key: key, spoolFolder: spoolFolder, inputName: inputName)
            try SyncIDs.check(input.elements.map(\.id), folderPath: folderPath)
            let folder = try nilIfNotFound { try openExistingFolder(path, in: directory) }
            var report = try folder?.closeAfter { try update(path, in: directory, folder: $0, with: input, options: options) }
                ?? update(path, in: directory, folder: nil, with: input, options: options)
            func byteOrder(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
            report.added.sort(by: byteOrder)
            report.updated.sort(by: byteOrder)
            report.removed.sort(by: byteOrder)
            return report
        }
    }

    /// Writes each element whose file is missing or holds other bytes, then removes the files
    /// of ids no longer in the input.
    private func update(_ path: SafePath, in directory: Directory, folder: FileDescriptor?, with input: SyncInput,
                        options: SyncOptions) throws -> SyncReport {
        var report = SyncReport()
        if input.elements.isEmpty && !options.allowsEmptying, let folder {
            let gone = try removeGone(from: folder, keeping: [], spool: input.spool, dryRun: true)
            if !gone.isEmpty { throw SyncWouldEmpty(path: folder.path, count: gone.count) }
        }
        // A watcher counts elements (files checked or written), not the bytes of each save.
        WorkProgress.report(.total(Int64(input.elements.count)))
        for element in input.elements {
            defer { WorkProgress.report(.advanced(1)) }
            let name = FileName(SyncIDs.fileName(for: element.id))
            let state = try folder.map { try SyncedFile.state(of: name, in: $0, comparedWith: element.bytes, in: input.spool) } ?? .missing
            switch state {
            case .same: continue
            case .changed: report.updated.append(element.id)
            case .missing, .notJSON: report.added.append(element.id)
            }
            if options.dryRun { continue }
            var bytes = SpoolSource(input.spool, element.bytes)
            _ = try WorkProgress.observing({ _ in }) {
                try save(from: &bytes, to: path.appending(name), in: directory, options: SaveOptions(validateJSON: false))
            }
        }
        if let folder {
            report.removed = try removeGone(from: folder, keeping: Set(input.elements.map { Array($0.id.utf8) }), spool: input.spool,
                                            dryRun: options.dryRun)
        }
        return report
    }

    /// Removes the valid JSON `*.json` files of `folder` whose id is not in `wanted` (with
    /// `dryRun`, only finds them).
    /// - Returns: their ids.
    private func removeGone(from folder: FileDescriptor, keeping wanted: Set<[UInt8]>, spool: Spool, dryRun: Bool) throws -> [String] {
        var removed: [String] = []
        for entry in try FolderEntries.read(folder) {
            let name = entry.name.bytes
            guard name.first != UInt8(ascii: "."), name.count > 5, name.suffix(5).elementsEqual(".json".utf8) else { continue }
            let id = Array(name.dropLast(5))
            if wanted.contains(id) { continue }
            if dryRun {
                // Compared with no bytes at all: only whether it holds JSON is of interest.
                let state = try SyncedFile.state(of: entry.name, in: folder, comparedWith: 0..<0, in: spool)
                if state == .changed || state == .same { removed.append(EscapedText.text(id)) }
            } else if try SyncedFile.removeIfJSON(entry.name, in: folder) {
                removed.append(EscapedText.text(id))
            }
        }
        if !removed.isEmpty && !dryRun { try AtomicReplace.syncFolder(folder) }
        return removed
    }
}
