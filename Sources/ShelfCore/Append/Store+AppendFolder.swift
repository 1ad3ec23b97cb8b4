import Glibc

extension Store {
    /// A folder of numbered files (Disk's `[Data]`): the input becomes the file after the highest
    /// purely numeric name (`0` in an empty folder; gaps are never filled, `a1b2` does not count).
    /// Each file is written under a temporary name and fsynced first; then, under an exclusive
    /// lock on the folder, the number is chosen and the file linked under it, so concurrent
    /// appenders never pick the same number and a crash leaves no partial file under a number.
    func appendToFolder<Source: ByteSource>(from source: inout Source, _ target: Target, options: AppendOptions) throws -> AppendResult {
        if mkdirat(target.folder.raw, target.name, 0o700) != 0 && errno != EEXIST {
            throw ShelfError.lastError(path: target.path, operation: "create folder")
        }
        guard let folder = try FolderWalker.openFolder(target.name, in: target.folder, path: target.path, create: false) else {
            throw ShelfError.notFound(path: target.path)
        }
        defer { folder.close() }
        let failpoints = Failpoints(environment: locations.environment)
        let inside = Target(folder: folder, name: "", path: target.path)
        if options.each {
            let input = try AppendInput.read(&source, format: .folder, options: options, folder: folder, path: target.path)
            try FileLock.lock(folder, .exclusive)
            var names: [String] = []
            var start = 0
            var number = try NumberedFiles.next(in: folder)
            for end in input.ends {
                let temp = try NumberedFiles.writeTemp(in: inside) { try input.spool.copy(start..<end, to: $0, at: 0) }
                let name = try NumberedFiles.link(temp, in: folder, as: number, failpoints: failpoints)
                names.append(name)
                number = NumberedFiles.increment(name)
                start = end
            }
            try AtomicFile.syncFolder(folder)
            return AppendResult(path: names.last.map { target.path + "/" + $0 } ?? target.path, itemsAppended: names.count, createdNames: names)
        }
        let temp = try NumberedFiles.writeTemp(in: inside) { file in
            try copy(from: &source, to: file, validatingJSON: false, path: target.path)
        }
        try FileLock.lock(folder, .exclusive)
        let name = try NumberedFiles.link(temp, in: folder, as: try NumberedFiles.next(in: folder), failpoints: failpoints)
        try AtomicFile.syncFolder(folder)
        return AppendResult(path: target.path + "/" + name, itemsAppended: 1, createdNames: [name])
    }
}

/// Naming and linking the files of a numbered folder.
enum NumberedFiles {
    /// A complete, fsynced temporary file in the folder.
    static func writeTemp(in inside: Target, fill: (FileDescriptor) throws -> Void) throws -> String {
        let (temp, name) = try AtomicFile.createTemp(in: inside)
        defer { temp.close() }
        do {
            try fill(temp)
            try temp.sync()
        } catch {
            unlinkat(inside.folder.raw, name, 0)
            throw error
        }
        return name
    }

    /// Links `tempName` under `number` (or the next free one after it) and removes the temporary
    /// name. The caller holds the folder's lock; a name another program made meanwhile only moves
    /// the number on.
    static func link(_ tempName: String, in folder: FileDescriptor, as first: String, failpoints: Failpoints) throws -> String {
        defer { unlinkat(folder.raw, tempName, 0) }
        failpoints.check(.folder)
        var number = first
        while true {
            if linkat(folder.raw, tempName, folder.raw, number, 0) == 0 { return number }
            if errno != EEXIST { throw ShelfError.lastError(path: folder.path + "/" + number, operation: "link") }
            number = increment(number)
        }
    }

    /// One more than the highest purely numeric name (by value: `007` is 7), or `0`.
    static func next(in folder: FileDescriptor) throws -> String {
        var highest: String?
        for entry in try FolderEntries.read(folder) {
            guard let value = value(of: entry.name) else { continue }
            if let current = highest, (value.count, value) <= (current.count, current) { continue }
            highest = value
        }
        return highest.map(increment) ?? "0"
    }

    /// The digits of a purely numeric name without leading zeros; nil for any other name.
    static func value(of name: String) -> String? {
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let trimmed = name.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }

    /// Decimal increment of a digit string of any length ("199" → "200").
    static func increment(_ digits: String) -> String {
        var bytes = Array(digits.utf8)
        var index = bytes.count - 1
        while index >= 0 {
            if bytes[index] < UInt8(ascii: "9") {
                bytes[index] += 1
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes[index] = UInt8(ascii: "0")
            index -= 1
        }
        return "1" + String(decoding: bytes, as: UTF8.self)
    }
}
