/// One element of `shelf sync`'s input: its id and where its bytes lie in the spool.
struct SyncElement {
    let id: String
    let bytes: Range<Int>
}

/// `shelf sync`'s input, read to its end before anything changes: each element of the top-level
/// array exactly as given (the bytes between the brackets and commas, blanks around it dropped),
/// kept in a spool so that memory stays bounded, with its id taken from the key field as it
/// streams past.
struct SyncInput {
    let spool: Spool
    let elements: [SyncElement]

    /// - Parameters:
    ///   - spoolFolder: where the spool may put an unnamed temporary file.
    ///   - inputName: how to name the input in errors (`<stdin>`, a file path).
    /// - Throws: `invalidJSON` with line and column; `invalidInput` when the input is not an array,
    ///   or for the first element without a usable id (after the whole input proved valid JSON).
    static func read<Source: ByteSource>(_ source: inout Source, key: String, spoolFolder: FileDescriptor,
                                         inputName: String) throws -> SyncInput {
        let sink = ElementSink(spool: Spool(folder: spoolFolder), key: key, inputName: inputName)
        var splitter = ValueSplitter(unit: .arrayElements, compact: false, sink: sink)
        do {
            try AppendInput.forEachChunk(of: &source) { chunk in
                try splitter.consume(chunk)
                if let kind = splitter.validator.topLevelKind, kind != .array {
                    throw ShelfError.invalidInput(path: inputName, reason: "the input must be a JSON array of objects, but it is \(kind.phrase)")
                }
            }
            try splitter.finish()
        } catch let error as JSONSyntaxError {
            throw ShelfError.invalidJSON(path: inputName, line: error.line, column: error.column, reason: error.message)
        }
        if let problem = splitter.sink.problem { throw problem }
        return SyncInput(spool: sink.spool, elements: splitter.sink.elements)
    }
}

/// Spools the elements and scans each for its id.
private struct ElementSink: ValueSink {
    let spool: Spool
    let key: String
    let inputName: String
    private let keyBytes: [UInt8]
    private var scanner: KeyFieldScanner
    private var start = 0
    private var index = 0
    private(set) var elements: [SyncElement] = []
    /// The first element without a usable id; later elements are then only validated.
    private(set) var problem: ShelfError?

    init(spool: Spool, key: String, inputName: String) {
        self.spool = spool
        self.key = key
        self.inputName = inputName
        keyBytes = Array(key.utf8)
        scanner = KeyFieldScanner(key: keyBytes)
    }

    mutating func valueBegan() throws {
        scanner = KeyFieldScanner(key: keyBytes)
        start = spool.count
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard problem == nil else { return }
        scanner.scan(bytes)
        try spool.append(bytes)
    }

    mutating func valueEnded() throws {
        defer { index += 1 }
        guard problem == nil else { return }
        scanner.finish()
        do {
            elements.append(SyncElement(id: try id(), bytes: start..<spool.count))
        } catch {
            problem = .invalidInput(path: inputName, reason: "element \(index) \(error.text)")
        }
    }

    private struct Reason: Error { let text: String }

    /// The id's text: a string's decoded UTF-8 bytes, a number's literal as written.
    private func id() throws(Reason) -> String {
        let field = "'\(printable(key))'"
        guard scanner.isObject else { throw Reason(text: "is not an object") }
        guard scanner.keyCount > 0, let value = scanner.field else { throw Reason(text: "has no \(field) field") }
        if scanner.keyCount > 1 { throw Reason(text: "has the field \(field) more than once; which one is the id?") }
        switch value {
        case .number(let literal):
            return String(decoding: literal, as: UTF8.self)
        case .string(let content):
            guard let bytes = JSONStringDecoding.utf8(ofContent: content), let text = UTF8Text.validated(bytes) else {
                throw Reason(text: "has a \(field) with a lone surrogate escape (\\uD800 to \\uDFFF), which no file name can hold")
            }
            return text
        case .tooLong:
            throw Reason(text: "has a \(field) too long for a file name (at most 250 bytes)")
        case .other:
            throw Reason(text: "has a \(field) that is neither a string nor a number")
        }
    }
}
