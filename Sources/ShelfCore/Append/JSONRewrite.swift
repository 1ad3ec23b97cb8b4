import Glibc

/// The appends that write a whole new file instead of changing one in place: the first append
/// (no file yet), and the one-time conversion of a `.json` file holding a single non-array value
/// into an array. Both go through a temporary file renamed over the name, like every save.
struct JSONRewrite {
    /// The stored file, open and exclusively locked.
    let file: FileDescriptor
    let target: Target
    let size: Int
    let failpoints: Failpoints

    /// Creates the file with the spooled items (in brackets for a `.json` array). Returns false,
    /// writing nothing, when another process created the file first.
    static func create(_ target: Target, with spool: Spool, inBrackets: Bool) throws -> Bool {
        do {
            try AtomicFile.write(target, replace: false) { temp in
                let start = inBrackets ? 1 : 0
                if inBrackets { try put([Byte.openBracket], temp, at: 0) }
                try spool.copyAll(to: temp, at: start)
                if inBrackets { try put([Byte.closeBracket], temp, at: start + spool.count) }
            }
            return true
        } catch ShelfError.alreadyExists {
            return false
        }
    }

    /// Replaces the locked file with `[<old value>,<items>]`, or `[<items>]` when `range` is nil
    /// (a file of blanks). The old value is validated as it is copied: a broken file is reported,
    /// not wrapped. The rename happens while this process holds the old file's exclusive lock.
    func replace(keeping range: Range<Int>?, then spool: Spool) throws {
        let (temp, tempName) = try AtomicFile.createTemp(in: target)
        var installed = false
        defer {
            temp.close()
            if !installed { unlinkat(target.folder.raw, tempName, 0) }
        }
        try JSONRewrite.put([Byte.openBracket], temp, at: 0)
        var end = 1
        if let range {
            try copyValidated(range, to: temp, at: end)
            end += range.count
            try JSONRewrite.put([Byte.comma], temp, at: end)
            end += 1
        }
        try spool.copyAll(to: temp, at: end)
        try JSONRewrite.put([Byte.closeBracket], temp, at: end + spool.count)
        try temp.sync()
        failpoints.check(.rewrite)
        if renameat(target.folder.raw, tempName, target.folder.raw, target.name) != 0 {
            throw ShelfError.lastError(path: target.path, operation: "rename")
        }
        installed = true
        try AtomicFile.syncFolder(target.folder)
    }

    /// Streams the whole stored file through the validator, copying the bytes of `range` to `temp`.
    private func copyValidated(_ range: Range<Int>, to temp: FileDescriptor, at destination: Int) throws {
        var validator = JSONValidator(mode: .single)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        do {
            while offset < size {
                let n = pread(file.raw, buffer.baseAddress, Swift.min(buffer.count, size - offset), off_t(offset))
                if n < 0 && errno == EINTR { continue }
                if n < 0 { throw ShelfError.lastError(path: target.path, operation: "read") }
                if n == 0 { break }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<n])
                try validator.consume(chunk)
                let lower = Swift.max(offset, range.lowerBound), upper = Swift.min(offset + n, range.upperBound)
                if lower < upper {
                    try writeAll(UnsafeRawBufferPointer(rebasing: chunk[(lower - offset)..<(upper - offset)]),
                                 to: temp, at: destination + lower - range.lowerBound)
                }
                offset += n
            }
            try validator.finish()
        } catch let error as JSONSyntaxError {
            throw JSONRewrite.storedFileError(error, path: target.path)
        }
    }

    /// The error for a stored file that is not JSON (the input is fine; the file is not).
    static func storedFileError(_ error: JSONSyntaxError, path: String) -> ShelfError {
        .invalidJSON(path: path, line: error.line, column: error.column,
                     reason: "the stored file is not valid JSON: \(error.message); repair it or replace it with 'shelf save'")
    }

    private static func put(_ bytes: [UInt8], _ file: FileDescriptor, at offset: Int) throws {
        try bytes.withUnsafeBytes { try writeAll($0, to: file, at: offset) }
    }
}
