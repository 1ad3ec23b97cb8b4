/// The appends that write a whole new file instead of changing one in place: the first append
/// (no file yet), and the one-time conversion of a `.json` file holding a single non-array value
/// into an array (`LockedFile.rewrite`). Both go through `AtomicReplace`, like every save.
enum JSONRewrite {
    /// Creates the file with the spooled items (in brackets for a `.json` array). Returns false,
    /// writing nothing, when another process created the file first.
    static func create(_ target: Target, with spool: Spool, inBrackets: Bool, mode: UInt32 = FileMode.privateFile) throws -> Bool {
        do {
            try AtomicReplace.write(target, replace: false, newFileMode: mode) { temp in
                let start = inBrackets ? 1 : 0
                if inBrackets { try temp.writeAll(toAbsoluteOffset: 0, [Byte.openBracket]) }
                try spool.copyAll(to: temp, at: start)
                if inBrackets { try temp.writeAll(toAbsoluteOffset: start + spool.count, [Byte.closeBracket]) }
            }
            return true
        } catch ShelfError.alreadyExists {
            return false
        }
    }

    /// The error for a stored file that is not JSON (the input is fine; the file is not).
    static func storedFileError(_ error: JSONSyntaxError, path: String) -> ShelfError {
        .invalidJSON(path: path, line: error.line, column: error.column, reason: ShelfError.storedFileReason + error.message)
    }
}

extension LockedFile {
    /// Replaces the file, stored at `target`, with `[<old value>,<items>]`, or `[<items>]` when
    /// `range` is nil (a file of blanks). The old value is validated as it is copied: a broken file
    /// is reported, not wrapped. The rename happens while this process holds the old file's
    /// exclusive lock, or on FUSE, its replace gate (`FileLocks.replace`); the file is closed just
    /// before it (`held.letGo`, see `AtomicReplace.install`).
    func rewrite(_ target: Target, keeping range: Range<Int>?, then spool: Spool) throws {
        try AtomicReplace.write(target, oldFile: .heldByCaller, beforeInstall: { Failpoints.check(.rewrite) }, letGo: held.letGo) { temp in
            try temp.writeAll(toAbsoluteOffset: 0, [Byte.openBracket])
            var end = 1
            if let range {
                try copyValidated(range, to: temp, at: end, path: target.path)
                end += range.count
                try temp.writeAll(toAbsoluteOffset: end, [Byte.comma])
                end += 1
            }
            try spool.copyAll(to: temp, at: end)
            try temp.writeAll(toAbsoluteOffset: end + spool.count, [Byte.closeBracket])
        }
    }

    /// Streams the whole stored file through the validator: a file refused for what it holds
    /// (`StoredValueNotArray`) is first known to be JSON, so that a broken one is reported as such.
    func validate(path: String) throws {
        try copyValidated(0..<0, to: nil, at: 0, path: path)
    }

    /// Streams the whole stored file through the validator, copying the bytes of `range` to `temp`.
    private func copyValidated(_ range: Range<Int>, to temp: FileDescriptor?, at destination: Int, path: String) throws {
        var validator = JSONValidator(mode: .single)
        do {
            try AppendInput.forEachChunk(of: file, in: 0..<size) { chunk, offset in
                try validator.consume(chunk)
                let lower = Swift.max(offset, range.lowerBound), upper = Swift.min(offset + chunk.count, range.upperBound)
                if let temp, lower < upper {
                    try temp.writeAll(toAbsoluteOffset: destination + lower - range.lowerBound,
                                      UnsafeRawBufferPointer(rebasing: chunk[(lower - offset)..<(upper - offset)]))
                }
            }
            try validator.finish()
        } catch let error as JSONSyntaxError {
            throw JSONRewrite.storedFileError(error, path: path)
        }
    }
}
