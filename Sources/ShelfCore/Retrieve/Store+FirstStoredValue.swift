/// What a stored JSON file starts with, as far as a typed append needs to know: the Swift
/// library checks that an item is of the stored array's element type by decoding the first
/// element, so the check costs that element, never the whole array.
public enum FirstStoredValue: Equatable {
    /// No file, or one that holds nothing, or an empty array: any item is welcome.
    case nothing
    /// The compact JSON text of the first element of the stored array.
    case firstElement([UInt8])
    /// The file holds one value that is not an array (an append makes it `[old, item]`).
    case otherValue
}

extension Store {
    /// How much of the file `firstStoredValue` checks at a time.
    static let firstValuePiece = 4096

    /// Reads the stored JSON file at `path` up to the end of its first array element, under a
    /// shared lock (a snapshot, as `retrieve` reads).
    /// - Throws: `invalidJSON` when what was read is not JSON (or the file is JSON Lines, two
    ///   values), `isAFolder`, `symbolicLink`, `permissionDenied`, `io`; a missing file is `.nothing`.
    public func firstStoredValue(_ path: String, in directory: Directory) throws -> FirstStoredValue {
        guard let opened = try nilIfNotFound({ try openSnapshot(SafePath(path), in: directory) }) else { return .nothing }
        let (snapshot, filePath) = opened
        return try snapshot.file.closeAfter { _ in
            var splitter = ValueSplitter(unit: .arrayElements, compact: true, sink: FirstValueSink())
            do {
                try snapshot.forEachChunk { chunk in
                    // In small pieces: the splitter checks a whole piece before it hands values on,
                    // so a read chunk (a mebibyte) at once cost a mebibyte of checking per typed
                    // append, where the first element is usually in the first few hundred bytes.
                    for start in stride(from: 0, to: chunk.count, by: Self.firstValuePiece) {
                        try splitter.consume(UnsafeRawBufferPointer(rebasing: chunk[start..<Swift.min(start + Self.firstValuePiece, chunk.count)]))
                        if let kind = splitter.validator.topLevelKind, kind != .array { throw FirstValueSink.NotAnArray() }
                    }
                }
                // Nothing but blanks: there is no value yet.
                if splitter.validator.topLevelKind == nil { return .nothing }
                try splitter.finish()
            } catch is FirstValueSink.Found {
                return .firstElement(splitter.sink.bytes)
            } catch is FirstValueSink.NotAnArray {
                return .otherValue
            } catch let error as JSONSyntaxError {
                throw JSONRewrite.storedFileError(error, path: filePath)
            }
            // The whole file was read without an element: empty, blanks, or `[]`.
            return .nothing
        }
    }
}

/// Keeps the first value a `ValueSplitter` hands on, then stops the reading.
private struct FirstValueSink: ValueSink {
    struct Found: Error {}
    struct NotAnArray: Error {}
    var bytes: [UInt8] = []

    mutating func valueBegan() throws {}

    mutating func write(_ chunk: UnsafeRawBufferPointer) throws {
        bytes.append(contentsOf: chunk)
    }

    mutating func valueEnded() throws {
        throw Found()
    }
}
