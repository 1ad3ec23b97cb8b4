extension Store {
    /// Appends the input to what is stored at `path`, at a cost that depends on the size of the
    /// input, never on the size of the file (docs/formats.md):
    /// - a `.json` file gets the input (one JSON text) as the last element of its top-level array;
    ///   a missing file becomes `[<item>]`, a file holding another value becomes `[<old>,<item>]`;
    ///   with `each`, the input must be an array and each of its elements is appended;
    /// - a `.jsonl` or `.ndjson` file gets the input's lines (each one JSON text); with `each`, the
    ///   elements of an input array, one compact line each;
    /// - a folder (an existing one, or `path` ending in `/`) gets the input as its next numbered
    ///   file; with `each`, one file per element of an input array;
    /// - any other file (or any file with `raw`) gets the bytes as they are.
    ///
    /// The input is read and checked before anything is locked; the change itself is made under an
    /// exclusive lock with a rollback journal, so concurrent appends all land, each once, and a
    /// crash at any instant leaves the file with or without the new items, never torn.
    /// - Throws: `invalidJSON` or `invalidInput` (nothing changed), `isAFolder`, `notAFolder`,
    ///   `symbolicLink`, `noSpace`, `inputFailed`, …
    @discardableResult
    public func append<Source: ByteSource>(from source: inout Source, to path: String, in directory: Directory,
                                           options: AppendOptions = AppendOptions()) throws -> AppendResult {
        try append(from: &source, to: SafePath(path), in: directory, options: options)
    }

    @discardableResult
    package func append<Source: ByteSource>(from source: inout Source, to safe: SafePath, in directory: Directory,
                                            options: AppendOptions = AppendOptions()) throws -> AppendResult {
        // The input is read before any lock is taken (see `withLockedFolder`). A debug build arms
        // the crash point the tests name for this append (`Failpoints`); a release build has none.
        try Failpoints.armed(by: locations.variables) {
            try preparedTarget(safe, in: directory, folderMode: FileMode.folder(for: options.mode)).closeAfter { target in
                try append(from: &source, to: target, safe: safe, in: directory, options: options)
            }
        }
    }

    private func append<Source: ByteSource>(from source: inout Source, to target: Target, safe: SafePath, in directory: Directory,
                                            options: AppendOptions) throws -> AppendResult {
        try CachingMount.refuseInPlaceChanges(in: target.folder, path: target.path)
        let status = try target.status()
        if let status, status.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
        let wantsFolder = safe.namesFolder || options.format == .folder
        if let format = options.format, format != .folder {
            // The Swift API asked for a file.
            if safe.namesFolder { throw ShelfError.invalidName(safe.description + "/", reason: "a file name cannot end with '/'") }
            if status?.isFolder == true { throw ShelfError.isAFolder(path: target.path) }
        }
        if status?.isFolder ?? wantsFolder {
            return try appendToFolder(from: &source, target, safe: safe, in: directory, options: options)
        }
        if wantsFolder { throw ShelfError.notAFolder(path: target.path) }
        let format = options.raw ? .raw : options.format ?? AppendFormat.forName(safe.name)
        if options.each && format == .raw {
            throw ShelfError.invalidInput(
                path: target.path, reason: "each element can only be appended to a .json, .jsonl or .ndjson file or a folder, and not with raw")
        }
        let input = try AppendInput.read(&source, format: format, options: options, folder: target.folder, path: target.path)
        let folderMode = FileMode.folder(for: options.mode)
        let count = try withLockedFolder(of: target, safe, in: directory, folderMode: folderMode) { target in
            format == .jsonArray
                ? try appendToArray(input, target, mode: options.mode, wrapsSingleValue: options.wrapsSingleValue)
                : try appendAtEnd(input, target, lines: format == .jsonLines, mode: options.mode)
        }
        return AppendResult(path: target.path, itemsAppended: count)
    }

    /// `.json`: the items join the top-level array in place.
    private func appendToArray(_ input: AppendInput, _ target: Target, mode: UInt32, wrapsSingleValue: Bool) throws -> Int {
        try changeInPlace(input, target, mode: mode, inBrackets: true) { locked in
            switch try StoredJSONShape.inspect(locked.file, size: locked.size) {
            case .array(let offset, let close, let isEmpty):
                guard input.count > 0 else { return 0 }
                let normal = try ArrayBlanks.normalize(locked, insertAt: offset, close: close)
                try normal.insert(isEmpty ? [] : [Byte.comma], input.spool, at: offset)
            case .empty:
                try locked.rewrite(target, keeping: nil, then: input.spool)
            case .otherValue(let start, let end):
                guard input.count > 0 else { return 0 }
                // A broken array (starting with '[') goes on to the rewrite, which validates and reports it.
                let first = try locked.file.bytes(in: start..<Swift.min(end, start + 1)).first
                if !wrapsSingleValue && first != Byte.openBracket {
                    try locked.validate(path: target.path)
                    throw StoredValueNotArray(path: target.path, holds: StoredValueNotArray.kind(startingWith: first))
                }
                try locked.rewrite(target, keeping: start..<end, then: input.spool)
            }
            return input.count
        }
    }

    /// JSON Lines and raw files: the bytes go at the end (after a line break the file lacks).
    private func appendAtEnd(_ input: AppendInput, _ target: Target, lines: Bool, mode: UInt32) throws -> Int {
        try changeInPlace(input, target, mode: mode, inBrackets: false) { locked in
            guard input.spool.count > 0 else { return 0 }
            // One read gives both the journal's fingerprint and the last byte.
            let size = locked.size
            let before = try locked.file.bytes(in: Swift.max(0, size - LockedFile.fingerprintLength)..<size)
            let prefix = lines && before.last.map({ $0 != Byte.newline }) == true ? [Byte.newline] : []
            try locked.insert(prefix, input.spool, at: size, fingerprint: before)
            return input.count
        }
    }

    /// Runs `change` on the file locked for a change in place; a missing file is created holding
    /// the input instead (in brackets for `.json`). Returns how many items were appended.
    private func changeInPlace(_ input: AppendInput, _ target: Target, mode: UInt32, inBrackets: Bool,
                               _ change: (LockedFile) throws -> Int) throws -> Int {
        while true {
            guard let locked = try FileLocks.lockForChange(target.name, in: target.folder, path: target.path) else {
                if try JSONRewrite.create(target, with: input.spool, inBrackets: inBrackets, mode: mode) { return input.count }
                continue  // another process created it first: append to theirs
            }
            return try locked.closeAfter(change)
        }
    }
}
