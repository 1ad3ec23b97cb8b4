extension Store {
    /// A folder of numbered files (Disk's `[Data]`): the input becomes the file after the highest
    /// purely numeric name (`0` in an empty folder; gaps are never filled, `a1b2` does not count).
    /// Each file is written as a temp file (`TempFile`) and fsynced first; then, under an exclusive
    /// lock on the folder, the number is chosen and the file linked under it, so concurrent
    /// appenders never pick the same number and a crash leaves no partial file under a number.
    func appendToFolder<Source: ByteSource>(from source: inout Source, _ target: Target, options: AppendOptions) throws -> AppendResult {
        do {
            try target.folder.makeFolder(target.name, permissions: FileMode.folder(for: options.mode), path: target.path)
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
                var names: [FileName] = []
                var start = 0
                var number = try NumberedFiles.next(in: folder)
                for end in input.ends {
                    let name = try NumberedFiles.write(in: folder, path: target.path, as: number, mode: options.mode,
                                                       failpoints: failpoints) { file in
                        try input.spool.copy(start..<end, to: file, at: 0)
                    }
                    names.append(name)
                    number = NumberedFiles.increment(name)
                    start = end
                }
                try AtomicReplace.syncFolder(folder)
                let created = names.map(\.description)
                return AppendResult(path: created.last.map { target.path + "/" + $0 } ?? target.path, itemsAppended: names.count,
                                    createdNames: created)
            }
            let name = try NumberedFiles.write(in: folder, path: target.path, as: nil, mode: options.mode, failpoints: failpoints) { file in
                try copy(from: &source, to: file, validatingJSON: false, path: target.path)
            }
            try AtomicReplace.syncFolder(folder)
            return AppendResult(path: target.path + "/" + name.description, itemsAppended: 1, createdNames: [name.description])
        }
    }
}

/// Naming and linking the files of a numbered folder.
package enum NumberedFiles {
    /// Writes a complete, fsynced temp file in `folder` with `fill`, then links it under `number`
    /// (or the next free one after it). With `number` nil, the folder's lock is taken once the file
    /// is written and the number chosen then; otherwise the caller holds the lock. A name another
    /// program made meanwhile only moves the number on.
    /// - Returns: the number the file got.
    static func write(in folder: FileDescriptor, path: String, as number: FileName?, mode: UInt32 = FileMode.privateFile,
                      failpoints: Failpoints, fill: (FileDescriptor) throws -> Void) throws -> FileName {
        try TempFile.create(in: folder, path: path, permissions: mode).closeAfter { temp in
            try fill(temp.file)
            try temp.file.sync()
            if number == nil { try FileLock.lock(folder, .exclusive) }
            failpoints.check(.folder)
            var candidate = try number ?? next(in: folder)
            while true {
                do {
                    try temp.link(as: candidate, path: folder.path(for: candidate))
                    temp.removeName()
                    return candidate
                } catch ShelfError.alreadyExists {
                    candidate = increment(candidate)
                }
            }
        }
    }

    /// One more than the highest purely numeric name (by value: `007` is 7), or `0`.
    static func next(in folder: FileDescriptor) throws -> FileName {
        var highest: [UInt8]?
        for entry in try FolderEntries.read(folder) {
            guard let value = value(of: entry.name) else { continue }
            if let current = highest, value.count < current.count || (value.count == current.count && !current.lexicographicallyPrecedes(value)) {
                continue
            }
            highest = value
        }
        return highest.map { increment(FileName(bytes: $0) ?? "0") } ?? "0"
    }

    /// The digits of a purely numeric name without leading zeros; nil for any other name.
    package static func value(of name: FileName) -> [UInt8]? {
        guard name.bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let trimmed = name.bytes.drop { $0 == UInt8(ascii: "0") }
        return trimmed.isEmpty ? [UInt8(ascii: "0")] : Array(trimmed)
    }

    /// Decimal increment of a digit string of any length ("199" → "200").
    static func increment(_ digits: FileName) -> FileName {
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
        return FileName(bytes: [UInt8(ascii: "1")] + bytes) ?? digits
    }
}
