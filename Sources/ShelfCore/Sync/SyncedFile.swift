/// The `<id>.json` files of a synchronized folder, as `shelf sync` reads and removes them. Only
/// visible regular files named `*.json` directly in the folder belong to it; links, folders and
/// hidden files are never compared, changed or removed here.
enum SyncedFile {
    /// What the folder holds under an element's file name.
    enum State {
        /// No regular file (a link or a folder there is left for `save` to refuse).
        case missing
        /// Exactly the element's bytes: left untouched.
        case same
        /// Other bytes that are valid JSON: the element replaces them ("updated").
        case changed
        /// Bytes that are not JSON: not one of sync's files, but the element takes its name ("added").
        case notJSON
    }

    /// Compares the file `name` with the bytes `range` of `spool`, under the file's shared lock (a
    /// crashed append is rolled back first), in one pass that also validates the file.
    static func state(of name: FileName, in folder: FileDescriptor, comparedWith range: Range<Int>, in spool: Spool) throws -> State {
        guard let file = try FileLocks.openForReading(name, in: folder, opening: { try openRegular(name, in: folder) }) else {
            return .missing
        }
        return try file.closeAfter { file in
            var equal = Int(try file.status().size) == range.count
            let wanted = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
            defer { wanted.deallocate() }
            var length = 0
            let isJSON = try validate(file) { chunk, offset in
                let start = range.lowerBound + offset
                if equal && start + chunk.count <= range.upperBound {
                    try spool.read(start..<(start + chunk.count), into: wanted)
                    equal = chunk.elementsEqual(UnsafeRawBufferPointer(rebasing: wanted[..<chunk.count]))
                } else {
                    equal = false
                }
                length = offset + chunk.count
            }
            guard isJSON else { return .notJSON }
            return equal && length == range.count ? .same : .changed
        }
    }

    /// Reads the whole file through the validator, giving `body` each chunk and its offset;
    /// returns whether it holds JSON.
    private static func validate(_ file: FileDescriptor, _ body: (UnsafeRawBufferPointer, Int) throws -> Void = { _, _ in }) throws -> Bool {
        var validator = JSONValidator()
        do {
            try AppendInput.forEachChunk(of: file, in: 0..<Int.max) { chunk, offset in
                try validator.consume(chunk)
                try body(chunk, offset)
            }
            try validator.finish()
        } catch is JSONSyntaxError {
            return false
        }
        return true
    }

    /// Removes the file `name` if it is still one of sync's files: a regular file holding valid
    /// JSON. It is checked under its exclusive lock (the lock `AtomicReplace` takes before replacing a
    /// file), and the name must still lead to it, so a file replaced meanwhile is never removed.
    /// - Returns: whether it was removed.
    static func removeIfJSON(_ name: FileName, in folder: FileDescriptor) throws -> Bool {
        try openRegular(name, in: folder, toLock: true)?.closeAfter { file in
            try FileLock.lock(file, .exclusive)
            let path = folder.path(for: name)
            guard try FileLocks.isStillNamed(file.status(), name: name, in: folder, path: path) else { return false }
            try FileLocks.settle(file, name: name, in: folder)
            guard try validate(file) else { return false }
            try FileLocks.remove(file, name: name, in: folder, path: path)
            return true
        } ?? false
    }

    /// Opens `name` for reading if it is a regular file; nil for a missing entry, a link or a folder.
    /// - Parameter toLock: to take its exclusive lock (see `openForExclusiveLock`).
    private static func openRegular(_ name: FileName, in folder: FileDescriptor, toLock: Bool = false) throws -> FileDescriptor? {
        let file: FileDescriptor
        do {
            file = toLock ? try folder.openForExclusiveLock(name, [.readOnly, .noFollow, .nonBlocking])
                : try folder.open(name, [.readOnly, .noFollow, .nonBlocking])
        } catch ShelfError.notFound, ShelfError.symbolicLink {
            return nil
        }
        return try file.kept { try $0.status().isRegularFile }
    }
}
