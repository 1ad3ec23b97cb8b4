extension Store {
    /// Streams the elements of a stored JSON array as compact JSON Lines to `output` (a
    /// descriptor), one element per line, in fixed memory whatever the file's size. A `.jsonl` or
    /// `.ndjson` file gives its values the same way. The file is read under a shared lock.
    /// - Throws: `invalidInput` when the file holds something other than an array (nothing is
    ///   written then), `invalidJSON` when it is not valid JSON (the lines before the error have
    ///   been written), `notFound`, `expired` (unless `options.allowExpired`), `isAFolder`, …
    package func retrieveElements(_ path: SafePath, from directory: Directory, to output: Int32,
                                 options: RetrieveOptions = RetrieveOptions()) throws {
        let (file, filePath) = try openLockedForReading(path, in: directory, options: options)
        try file.closeAfter { file in try streamElements(of: file, at: filePath, lines: AppendFormat.forName(path.name) == .jsonLines,
                                                           to: output) }
    }

    private func streamElements(of file: FileDescriptor, at filePath: String, lines: Bool, to output: Int32) throws {
        let sink = LineWriterSink(output: FileDescriptor(raw: output, path: "<stdout>"))
        var splitter = ValueSplitter(unit: lines ? .lineValues : .arrayElements, compact: true, sink: sink)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
        defer { buffer.deallocate() }
        do {
            while true {
                let n = try file.read(into: buffer)
                if n == 0 { break }
                try splitter.consume(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
                if !lines, let kind = splitter.validator.topLevelKind, kind != .array {
                    throw ShelfError.invalidInput(
                        path: filePath, reason: "it holds \(kind.phrase), not an array whose elements could be given one by one")
                }
                try sink.flush()
            }
            try splitter.finish()
            try sink.flush()
        } catch let error as JSONSyntaxError {
            try? sink.flush()
            throw JSONRewrite.storedFileError(error, path: filePath)
        }
    }

    /// Reads a whole stored file into memory, under a shared lock (library convenience; the
    /// command line never uses it for user-sized data).
    /// - Throws: `notFound`, `isAFolder`, `symbolicLink`, `permissionDenied`, `io`.
    public func retrieveBytes(_ path: String, from directory: Directory) throws -> [UInt8] {
        try openLockedForReading(SafePath(path), in: directory).file.closeAfter(Store.readAll)
    }

    /// Opens a stored regular file read-only under a shared lock, after rolling back an append a
    /// crash left half-done (see `AppendJournal.lockShared`), refusing a file past its expiry time
    /// unless the options allow it. Returns the file and its path.
    /// O_NONBLOCK because a blocking open of a FIFO planted in the namespace waits for a writer
    /// forever (found by the reliability battery); FIFOs, sockets and devices are refused, and the
    /// flag is cleared once the file is known to be regular.
    package func openLockedForReading(_ path: SafePath, in directory: Directory,
                                      options: RetrieveOptions = RetrieveOptions()) throws -> (file: FileDescriptor, path: String) {
        try existingTarget(path, in: directory).closeAfter { target in
            let file = try target.folder.open(target.name, [.readOnly, .noFollow, .nonBlocking], path: target.path)
            _ = try file.kept { file in
                let st = try file.status()
                if st.isFolder { throw ShelfError.isAFolder(path: target.path) }
                if !st.isRegularFile {
                    throw ShelfError.unsupported(path: target.path, reason: "it is not a regular file (a FIFO, socket or device)")
                }
                try file.setBlocking()
                try AppendJournal.lockShared(file, name: target.name, in: target.folder)
                try checkExpiry(file, named: target.name, in: target.folder, options: options)
                return true
            }
            return (file, target.path)
        }
    }
}
