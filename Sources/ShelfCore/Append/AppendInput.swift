/// The input of one append, read to its end, checked and shaped before the target is locked:
/// the spool holds exactly the bytes to insert (items joined by `,` for an array, one line per
/// value for JSON Lines), so a bad input never touches the target.
struct AppendInput {
    let spool: Spool
    /// How many items the spool holds.
    let count: Int
    /// With `each` into a folder: where each value ends in the spool.
    var ends: [Int] = []

    /// Reads `source` for a target of `format`.
    /// - Parameters:
    ///   - folder: where the spool may put a temporary file.
    ///   - path: the target's path, for error messages.
    /// - Throws: `invalidJSON` (with the input's line and column), `invalidInput` when `each`
    ///   is given something other than an array, `inputFailed`.
    static func read<Source: ByteSource>(_ source: inout Source, format: AppendFormat, options: AppendOptions,
                                         folder: FileDescriptor, path: String) throws -> AppendInput {
        let spool = Spool(folder: folder)
        do {
            if options.raw || format == .raw {
                try forEachChunk(of: &source) { try spool.append($0) }
                return AppendInput(spool: spool, count: spool.count > 0 ? 1 : 0)
            }
            switch (format, options.each) {
            case (.jsonArray, false):
                return try readOneValue(&source, into: spool)
            case (.jsonArray, true):
                return try split(&source, .arrayElements, compact: false, SpoolSink(spool: spool, separator: [Byte.comma]), path: path)
            case (.jsonLines, false):
                return try split(&source, .lineValues, compact: false, SpoolSink(spool: spool, terminator: [Byte.newline]), path: path)
            case (.jsonLines, true):
                return try split(&source, .arrayElements, compact: true, SpoolSink(spool: spool, terminator: [Byte.newline]), path: path)
            case (.folder, _), (.raw, _):
                return try split(&source, .arrayElements, compact: true, SpoolSink(spool: spool, recordsEnds: true), path: path)
            }
        } catch let error as JSONSyntaxError {
            throw ShelfError.invalidJSON(path: path, line: error.line, column: error.column, reason: error.message)
        }
    }

    /// One JSON text, without the whitespace around it.
    private static func readOneValue<Source: ByteSource>(_ source: inout Source, into spool: Spool) throws -> AppendInput {
        var validator = JSONValidator(mode: .single)
        var started = false
        var valueEnd = 0
        try forEachChunk(of: &source) { chunk in
            try validator.consume(chunk)
            var start = 0
            if !started {
                while start < chunk.count && Byte.isWhitespace(chunk[start]) { start += 1 }
                if start == chunk.count { return }
                started = true
            }
            try spool.append(UnsafeRawBufferPointer(rebasing: chunk[start...]))
            if let last = chunk.lastIndex(where: { !Byte.isWhitespace($0) }) {
                valueEnd = spool.count - (chunk.count - last - 1)
            }
        }
        try validator.finish()
        try spool.truncate(to: valueEnd)
        return AppendInput(spool: spool, count: 1)
    }

    /// Elements of an array, or values of JSON Lines, through a `ValueSplitter`.
    private static func split<Source: ByteSource>(_ source: inout Source, _ unit: ValueSplitter<SpoolSink>.Unit, compact: Bool,
                                                  _ sink: SpoolSink, path: String) throws -> AppendInput {
        var splitter = ValueSplitter(unit: unit, compact: compact, sink: sink)
        try forEachChunk(of: &source) { chunk in
            try splitter.consume(chunk)
            if unit == .arrayElements, let kind = splitter.validator.topLevelKind, kind != .array {
                throw ShelfError.invalidInput(path: path,
                                              reason: "to append each element, the input must be a JSON array, but it is \(kind.phrase)")
            }
        }
        try splitter.finish()
        return AppendInput(spool: sink.spool, count: splitter.count, ends: splitter.sink.ends)
    }

    /// Reads `source` to its end in fixed-size chunks.
    static func forEachChunk<Source: ByteSource>(of source: inout Source, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = try source.read(into: buffer)
            if n == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
        }
    }

    /// Reads the bytes `range` of `file` (fewer when it ends first) in fixed-size chunks, without
    /// moving its offset; `body` gets each chunk and where it starts in the file.
    static func forEachChunk(of file: FileDescriptor, in range: Range<Int>, _ body: (UnsafeRawBufferPointer, Int) throws -> Void) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset = range.lowerBound
        while offset < range.upperBound {
            let want = UnsafeMutableRawBufferPointer(rebasing: buffer[..<Swift.min(buffer.count, range.upperBound - offset)])
            let n = try file.read(fromAbsoluteOffset: offset, into: want)
            if n == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<n]), offset)
            offset += n
        }
    }
}

extension JSONKind {
    /// "an object", "a string", … for messages.
    var phrase: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .literal: return "true, false or null"
        }
    }
}
