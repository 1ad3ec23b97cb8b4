extension Store {
    /// Streams the elements of a stored JSON array as compact JSON Lines to `output` (a
    /// descriptor), one element per line, in fixed memory whatever the file's size. A `.jsonl` or
    /// `.ndjson` file gives its values the same way. The file is read under a shared lock.
    /// - Throws: `invalidInput` when the file holds something other than an array (nothing is
    ///   written then), `invalidJSON` when it is not valid JSON (the lines before the error have
    ///   been written), `notFound`, `expired` (unless `options.allowExpired`), `isAFolder`, …
    package func retrieveElements(_ path: SafePath, from directory: Directory, to output: Int32,
                                 options: RetrieveOptions = RetrieveOptions()) throws {
        let (snapshot, filePath) = try openSnapshot(path, in: directory, options: options)
        let lines = AppendFormat.forName(path.name) == .jsonLines
        // A watcher (the command line's progress line) learns how far the file has been read; the
        // snapshot's size, taken under the lock, is what is read: no second `fstat`.
        WorkProgress.report(.total(Int64(snapshot.size)))
        try snapshot.file.closeAfter { _ in
            let sink = LineWriterSink(output: FileDescriptor(raw: output, path: "<stdout>"))
            var splitter = ValueSplitter(unit: lines ? .lineValues : .arrayElements, compact: true, sink: sink)
            do {
                try snapshot.forEachChunk { chunk in
                    try splitter.consume(chunk)
                    WorkProgress.report(.advanced(Int64(chunk.count)))
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
    }

    /// Opens a stored regular file as `openLockedForReading` does, takes its `ReadSnapshot` and
    /// lets the lock go: what is then streamed, to a pipe that may be drained by a process waiting
    /// for that lock, is what the file held under the lock. Returns the snapshot and the path.
    func openSnapshot(_ path: SafePath, in directory: Directory,
                              options: RetrieveOptions = RetrieveOptions()) throws -> (snapshot: ReadSnapshot, path: String) {
        try existingTarget(path, in: directory).closeAfter { target in
            // Replaced by another host between the open and the lock (GlusterFS): ESTALE, and the
            // name leads to the new file.
            try reopeningStaleHandle(in: target.folder) {
                let file = try openLocked(target, options: options)
                var snapshot: ReadSnapshot?
                _ = try file.kept { file in
                    snapshot = try openedFileGone(file) { try ReadSnapshot(of: file, in: target.folder) }
                    try FileLock.unlock(file)
                    return true
                }
                return (snapshot!, target.path)
            }
        }
    }

    /// Reads a whole stored file into memory, under a shared lock (library convenience; the
    /// command line never uses it for user-sized data).
    /// - Throws: `notFound`, `isAFolder`, `symbolicLink`, `permissionDenied`, `io`.
    public func retrieveBytes(_ path: String, from directory: Directory) throws -> [UInt8] {
        try openLockedForReading(SafePath(path), in: directory).file.closeAfter(Store.readAll)
    }

    /// Opens a stored regular file read-only under a shared lock, after rolling back an append a
    /// crash left half-done (see `FileLocks.lockForReading`), refusing a file past its expiry time
    /// unless the options allow it. Returns the file and its path.
    /// O_NONBLOCK because a blocking open of a FIFO planted in the namespace waits for a writer
    /// forever (found by the reliability battery); FIFOs, sockets and devices are refused, and the
    /// flag is cleared once the file is known to be regular.
    func openLockedForReading(_ path: SafePath, in directory: Directory,
                                      options: RetrieveOptions = RetrieveOptions()) throws -> (file: FileDescriptor, path: String) {
        try existingTarget(path, in: directory).closeAfter { target in
            (try reopeningStaleHandle(in: target.folder) { try openLocked(target, options: options) }, target.path)
        }
    }

    /// The regular file `target` open read-only under its shared lock (see `openLockedForReading`).
    private func openLocked(_ target: Target, options: RetrieveOptions) throws -> FileDescriptor {
        let file = try FileLocks.openForReading(target.name, in: target.folder, path: target.path)
        _ = try file.kept { file in
            // A name replaced by another host under the open descriptor (FUSE): see `openedFileGone`.
            try openedFileGone(file) { try checkExpiry(file, named: target.name, in: target.folder, options: options) }
            return true
        }
        return file
    }
}
