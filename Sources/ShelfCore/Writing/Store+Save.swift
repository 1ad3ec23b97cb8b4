/// How `save` treats its input.
public struct SaveOptions: Sendable {
    /// Check that the input is one JSON text; nil decides by the name (`.json`).
    public var validateJSON: Bool?
    /// Replace an existing file (true) or fail with `alreadyExists`.
    public var replace: Bool
    /// When the file expires (seconds since 1970 UTC). Stored with the file (see `Expiry`); nil
    /// keeps the expiry of the file replaced, if it has one (`KeptMetadata`).
    public var expiresAt: Int64?
    /// Gives the new content no expiry, even where the file replaced had one.
    public var clearsExpiry: Bool
    /// The permission bits of a new file (folders made on the way get `FileMode.folder(for:)`);
    /// the umask still applies, as with open(2). An existing file keeps its own mode.
    public var mode: UInt32

    public init(validateJSON: Bool? = nil, replace: Bool = true, expiresAt: Int64? = nil, clearsExpiry: Bool = false,
                mode: UInt32 = 0o600) {
        self.validateJSON = validateJSON
        self.replace = replace
        self.expiresAt = expiresAt
        self.clearsExpiry = clearsExpiry
        self.mode = mode
    }
}

/// What `save` stored: where, how many bytes, and (for `save`) the expiry time it has.
package struct SavedFile: Sendable {
    package let path: String
    package let bytes: Int64
    package var expires: Int64? = nil
}

extension Store {
    /// Streams `source` into `path` and atomically replaces whatever was there.
    /// - Returns: the absolute path written.
    /// - Throws: `invalidJSON` (nothing written), `inputFailed`, `noSpace`, … — in every case the
    ///   old file is untouched and no temp file remains.
    @discardableResult
    public func save<Source: ByteSource>(from source: inout Source, to path: String, in directory: Directory,
                                         options: SaveOptions = SaveOptions()) throws -> String {
        try save(from: &source, to: SafePath(path), in: directory, options: options).path
    }

    /// `save` of a checked path; also tells how many bytes the saved file holds.
    @discardableResult
    package func save<Source: ByteSource>(from source: inout Source, to safe: SafePath, in directory: Directory,
                                          options: SaveOptions = SaveOptions()) throws -> SavedFile {
        if safe.namesFolder { throw ShelfError.invalidName(safe.description + "/", reason: "a file name cannot end with '/'") }
        // The input is read with no lock held; the folder is locked for the rename only (see
        // `withLockedFolder`): the input may come from another shelf process waiting for that lock.
        let folderMode = FileMode.folder(for: options.mode)
        return try preparedTarget(safe, in: directory, folderMode: folderMode).closeAfter { prepared in
            // One `stat` of the name serves each step that asks about it at this moment.
            let before = try Store.checkReplaceable(prepared, replace: options.replace)
            // Nothing there: no owner's read-only file to respect (one that appears meanwhile is
            // found under the folder's lock, below).
            if before != nil { try AtomicReplace.checkWritable(prepared) }
            Store.releaseOldFileCache(prepared, before)
            let validate = options.validateJSON ?? Store.isJSONName(safe.name)
            var size: Int64 = 0
            var expires: Int64?
            try TempFile.create(in: prepared.folder, path: prepared.path, permissions: options.mode).closeAfter { temp in
                size = try copy(from: &source, to: temp.file, validatingJSON: validate, path: prepared.path)
                try withLockedFolder(of: prepared, safe, in: directory, folderMode: folderMode) { target in
                    try temp.placed(in: target.folder, path: target.path) { placed in
                        let replaced = try Store.checkReplaceable(target, replace: options.replace)
                        // What the file replaced carries, read under the folder's lock; the
                        // options given win.
                        try AtomicReplace.keepMode(of: replaced, on: placed.file)
                        var opened: FileLocks.OpenedOldFile?
                        expires = replaced == nil ? nil : try KeptMetadata.carry(from: target, to: placed.file, keepingOpen: &opened)
                        if let given = options.expiresAt {
                            try Expiry.record(given, on: placed.file, named: target.name, in: target.folder)
                            expires = given
                        } else if options.clearsExpiry {
                            try Expiry.forget(on: placed.file, named: target.name, in: target.folder)
                            expires = nil
                        }
                        try AtomicReplace.commit(&placed, as: target, replace: options.replace, targetAbsent: replaced == nil,
                                                 opened: opened)
                    }
                }
            }
            return SavedFile(path: prepared.path, bytes: size, expires: expires)
        }
    }

    /// What `save` and `update` refuse to replace: a folder, a link, and without `replace` anything.
    /// - Returns: the `lstat` of the name; nil when nothing is there.
    @discardableResult
    static func checkReplaceable(_ target: Target, replace: Bool) throws -> FileStatus? {
        guard let st = try target.status() else { return nil }
        if st.isFolder { throw ShelfError.isAFolder(path: target.path) }
        if st.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
        if !replace { throw ShelfError.alreadyExists(path: target.path) }
        return st
    }

    /// A save that replaces a large file (`oldFileCacheThreshold`, smaller ones are not worth an
    /// extra open) lets the old file's cached pages go before it writes the new one. Otherwise both
    /// copies are in memory at once: on a virtual machine whose unused memory goes back to the host,
    /// every page of the new file is then memory the guest must fault in anew, and replacing a 1 GiB
    /// file cost three times the system time of writing a new one (issue 16, part 2; `cat > f` frees
    /// the old pages first, by truncating). The old file stays whole on disk until the rename: a
    /// reader meanwhile reads it from there.
    /// - Parameter status: the target's `lstat`, just taken (nil: nothing there).
    private static func releaseOldFileCache(_ target: Target, _ status: FileStatus?) {
        guard let st = status, st.isRegularFile, st.size >= oldFileCacheThreshold,
              let old = try? target.folder.open(target.name, [.readOnly, .noFollow, .nonBlocking], path: target.path) else { return }
        old.closeAfter { old in kernel.dropCachedPages(old.raw) }
    }

    static let oldFileCacheThreshold: Int64 = 8 << 20

    /// Whether a name's extension asks for JSON validation (`.json`, in any case).
    static func isJSONName(_ name: FileName) -> Bool {
        String(decoding: name.bytes.suffix(5), as: UTF8.self).lowercased() == ".json"
    }

    /// Copies in fixed-size chunks; JSON is validated on other threads behind the copy
    /// (`WrittenJSONCheck`). A regular file or a pipe is copied inside the kernel, as `--raw` copies
    /// it, and the check maps the file back: the save's own thread then does only what a raw save
    /// does, so the check costs wall time only where it is slower than the copy and the `fsync`
    /// together (issue 25).
    /// - Returns: how many bytes were copied.
    @discardableResult
    func copy<Source: ByteSource>(from source: inout Source, to file: FileDescriptor,
                                  validatingJSON: Bool, path: String) throws -> Int64 {
        guard validatingJSON else { return try copyRaw(from: &source, to: file) }
        let check = WrittenJSONCheck(writing: file)
        defer { check.stop() }
        var copied: Int64 = 0
        do {
            var ended = false
            if let descriptor = source as? DescriptorSource {
                (copied, ended) = try Self.copyInKernel(from: descriptor, to: file, chunk: streamBufferSize) { try check.copied($0) }
            }
            while !ended {
                let buffer = try check.nextBuffer()
                // Each buffer filled before it is written: a small input's end is then found by a
                // second read into the buffer it came in, and no second buffer (a mapping of its
                // own) is made for it.
                var n = 0
                while n < buffer.count {
                    let got = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[n...]))
                    if got == 0 {
                        ended = true
                        break
                    }
                    n += got
                }
                if n == 0 { break }
                try file.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
                check.written(n)
                copied += Int64(n)
            }
            try check.finish()
            return copied
        } catch {
            // A signal ends the save at once; after any other failure the check first finishes
            // what was written, and an error in it is the one to report.
            let signalled = (try? Interruption.check()) == nil
            guard let invalid = error as? JSONSyntaxError ?? (signalled ? nil : check.errorInWhatWasWritten()) else { throw error }
            throw ShelfError.invalidJSON(path: path, line: invalid.line, column: invalid.column, reason: invalid.message)
        }
    }

    /// Copies a regular file (`copy_file_range`, as cp does) or a pipe (`splice`) into `file`
    /// inside the kernel, `chunk` bytes at a time, calling `each` with every chunk's size. Any
    /// refusal or failure of the kernel's (not a file or pipe, a full disk) stops it with nothing
    /// lost: a failed call moved no bytes, and the caller's buffered loop goes on from there and
    /// reports the error. A signal shelf defers ends it as it ends a read (`DescriptorSource`).
    /// - Returns: how many bytes were moved.
    static func copyInKernel(from source: DescriptorSource, to file: FileDescriptor, chunk: Int,
                             each: (Int) throws -> Void = { _ in }) throws -> (moved: Int64, ended: Bool) {
        var moved: Int64 = 0, writeback = EarlyWriteback()
        var noOffset: Int64?, alsoNoOffset: Int64?
        while let n = try? kernel.copyRange(from: source.fd.raw, at: &noOffset, to: file.raw, at: &alsoNoOffset, count: chunk), n > 0 {
            moved += Int64(n)
            writeback.wrote(upTo: moved, in: file)
            try each(n)
            try source.checkInterruption()
        }
        // A file the kernel copied (its 0 is not trusted: some report 0 too early) is no pipe.
        if moved > 0 { return (moved, false) }
        // Refused past the user's pipe allowance (EPERM): the default size then serves.
        _ = try? kernel.setPipeCapacity(source.fd.raw, streamBufferSize)
        while let n = try? kernel.splice(fromPipe: source.fd.raw, to: file.raw, count: min(chunk, streamBufferSize)) {
            // A pipe's 0 is its end: every writer has closed it.
            if n == 0 { return (moved, true) }
            moved += Int64(n)
            writeback.wrote(upTo: moved, in: file)
            try each(n)
            try source.checkInterruption()
        }
        return (moved, false)
    }

    /// Starts writing a long save's data to disk while the input still comes, a `writebackChunk`
    /// at a time, so that the `fsync` before the rename waits for the last chunk only. Without it
    /// the disk idled while the pipe was read and then wrote everything during the fsync: a
    /// 256 MiB save from `cat file |` over a file took longer than `cat > f && sync f`, whose
    /// close starts the writeback early (issue 25, part 3). A file system with no disk (tmpfs)
    /// has nothing to write.
    struct EarlyWriteback {
        /// Large enough that the file system allocates the file in long extents.
        static let writebackChunk: Int64 = 8 << 20
        /// Where the data not yet handed to the disk starts.
        private var started: Int64 = 0

        /// After `offset` bytes of the file are written: starts the writeback of whole chunks.
        mutating func wrote(upTo offset: Int64, in file: FileDescriptor) {
            guard offset - started >= EarlyWriteback.writebackChunk else { return }
            kernel.startWriteback(file.raw, from: started, count: offset - started)
            started = offset
        }
    }

    /// Copies bytes nobody needs to look at.
    private func copyRaw<Source: ByteSource>(from source: inout Source, to file: FileDescriptor) throws -> Int64 {
        var copied: Int64 = 0
        if let descriptor = source as? DescriptorSource {
            // A regular file given with --file or as standard input, or a pipe, is copied inside
            // the kernel; the loop below copies whatever it leaves and reports any error.
            let (moved, ended) = try Self.copyInKernel(from: descriptor, to: file, chunk: 1 << 30)
            if ended { return moved }
            copied = moved
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
        defer { buffer.deallocate() }
        var writeback = EarlyWriteback()
        while true {
            let n = try source.read(into: buffer)
            if n == 0 { return copied }
            try file.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
            copied += Int64(n)
            writeback.wrote(upTo: copied, in: file)
        }
    }
}
