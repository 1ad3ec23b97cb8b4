extension Store {
    /// A folder of numbered files (Disk's `[Data]`): the input becomes the file after the highest
    /// purely numeric name (`0` in an empty folder; gaps are never filled, `a1b2` does not count).
    /// Each file is written as a temp file (`TempFile`) and fsynced first; then, under an exclusive
    /// lock on the folder, the number is chosen and the file linked under it, so concurrent
    /// appenders never pick the same number and a crash leaves no partial file under a number.
    /// With `--each`, each element is appended so in turn (two syncs each, its file's and the
    /// folder's): a crash leaves the first elements, each whole, never a later one alone.
    func appendToFolder<Source: ByteSource>(from source: inout Source, _ target: Target, options: AppendOptions) throws -> AppendResult {
        do {
            try target.folder.makeFolder(target.name, path: target.path)
            // The new folder's name must survive a power cut before anything is linked inside.
            try AtomicReplace.syncFolder(target.folder)
        } catch ShelfError.alreadyExists {
            // appending to it
        }
        guard let folder = try FolderWalker.openFolder(target.name, in: target.folder, path: target.path, create: false) else {
            throw ShelfError.notFound(path: target.path)
        }
        return try folder.closeAfter { folder in
            let failpoints = Failpoints(environment: locations.environment)
            if options.each {
                let input = try AppendInput.read(&source, format: .folder, options: options, folder: folder, path: target.path)
                try FileLock.lock(folder, .exclusive)
                let names = try FolderCounter.with(in: folder) { counter in
                    var names: [FileName] = []
                    var start = 0
                    var number = try counter.next()
                    for end in input.ends {
                        let name = try NumberedFiles.write(in: folder, path: target.path, as: number, failpoints: failpoints) { file in
                            try input.spool.copy(start..<end, to: file, at: 0)
                        }
                        // Each element is its own atomic append: its name is durable before the
                        // next one is linked, so a power cut keeps a prefix of the elements, never
                        // a later one without an earlier one (docs/reliability.md, "Power loss").
                        try AtomicReplace.syncFolder(folder)
                        names.append(name)
                        number = try NumberedFiles.increment(name, in: target.path)
                        start = end
                    }
                    counter.record(number)
                    return names
                }
                let created = names.map(\.description)
                return AppendResult(path: created.last.map { target.path + "/" + $0 } ?? target.path, itemsAppended: names.count,
                                    createdNames: created)
            }
            let name = try NumberedFiles.write(in: folder, path: target.path, as: nil, failpoints: failpoints) { file in
                try copy(from: &source, to: file, validatingJSON: false, path: target.path)
            }
            return AppendResult(path: target.path + "/" + name.description, itemsAppended: 1, createdNames: [name.description])
        }
    }
}

/// Naming and linking the files of a numbered folder.
package enum NumberedFiles {
    /// Numbers of more digits than this do not count when the folder is listed: the next one
    /// could need 256, longer than a name may be. So a file named with 255 nines (or any other
    /// name a user saved) never stops the folder's appends.
    static let maxCountedDigits = 254

    /// Writes a complete, fsynced temp file in `folder` with `fill`, then links it under `number`
    /// (or the next free one after it). With `number` nil, the folder's lock is taken once the file
    /// is written, the number is the folder counter's, and the folder is synced and the counter
    /// advanced here; otherwise the caller holds the lock and does both. A name another program
    /// made meanwhile only moves the number on: a link never replaces a name.
    /// - Returns: the number the file got.
    static func write(in folder: FileDescriptor, path: String, as number: FileName?, failpoints: Failpoints,
                      fill: (FileDescriptor) throws -> Void) throws -> FileName {
        try TempFile.create(in: folder, path: path).closeAfter { temp in
            try fill(temp.file)
            try temp.file.sync()
            if let number { return try link(&temp, as: number, path: path, failpoints: failpoints) }
            try FileLock.lock(folder, .exclusive)
            return try FolderCounter.with(in: folder) { counter in
                let name = try link(&temp, as: counter.next(), path: path, failpoints: failpoints)
                try AtomicReplace.syncFolder(folder)
                counter.record(try increment(name, in: path))
                return name
            }
        }
    }

    private static func link(_ temp: inout TempFile, as number: FileName, path: String, failpoints: Failpoints) throws -> FileName {
        failpoints.check(.folder)
        var candidate = number
        while true {
            do {
                try temp.link(as: candidate, path: temp.folder.path(for: candidate))
                temp.removeName()
                return candidate
            } catch ShelfError.alreadyExists {
                candidate = try increment(candidate, in: path)
            }
        }
    }

    /// The digits of the highest purely numeric name (by value: `007` is 7) of at most
    /// `maxCountedDigits` digits; nil when there is none. Lists the whole folder.
    static func highest(in folder: FileDescriptor) throws -> [UInt8]? {
        var highest: [UInt8]?
        for entry in try FolderEntries.read(folder) {
            guard let value = value(of: entry.name), value.count <= maxCountedDigits else { continue }
            if let current = highest, value.count < current.count || (value.count == current.count && !current.lexicographicallyPrecedes(value)) {
                continue
            }
            highest = value
        }
        return highest
    }

    /// One more than `highest`, or `0`.
    static func next(after highest: [UInt8]?) throws -> FileName {
        guard let highest, let name = FileName(bytes: highest) else { return "0" }
        return try increment(name, in: "")
    }

    /// The digits of a purely numeric name without leading zeros; nil for any other name.
    package static func value(of name: FileName) -> [UInt8]? {
        guard name.bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let trimmed = name.bytes.drop { $0 == UInt8(ascii: "0") }
        return trimmed.isEmpty ? [UInt8(ascii: "0")] : Array(trimmed)
    }

    /// Decimal increment of a digit string of any length ("199" → "200"). Past 255 digits there is
    /// no name left: only a folder holding every 255-digit name above the counted ones gets there.
    static func increment(_ digits: FileName, in path: String) throws -> FileName {
        var bytes = digits.bytes
        var index = bytes.count - 1
        while index >= 0 {
            if bytes[index] < UInt8(ascii: "9") {
                bytes[index] += 1
                return FileName(bytes: bytes) ?? digits
            }
            bytes[index] = UInt8(ascii: "0")
            index -= 1
        }
        guard bytes.count < 255, let longer = FileName(bytes: [UInt8(ascii: "1")] + bytes) else {
            throw ShelfError.invalidName(path + "/" + digits.description, reason: "no numbered name is left after it (names have at most 255 bytes)")
        }
        return longer
    }
}
