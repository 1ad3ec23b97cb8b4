/// Receives the values a `ValueSplitter` cuts out of a stream, in pieces.
protocol ValueSink {
    mutating func valueBegan() throws
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws
    mutating func valueEnded() throws
}

/// Validates a stream and hands each element of its top-level array (or each value of a JSON
/// Lines stream) to a sink as it passes, optionally compacted (whitespace outside strings
/// dropped). One pass, fixed memory: the validator says where elements begin and end, and the
/// splitter only walks the bytes between those offsets.
struct ValueSplitter<Sink: ValueSink> {
    enum Unit {
        /// The elements of a top-level array (`.single` mode); anything else is an error for the caller.
        case arrayElements
        /// One value per line (`.lines` mode).
        case lineValues
    }

    let unit: Unit
    let compact: Bool
    var sink: Sink
    private(set) var validator: JSONValidator
    /// How many values ended so far.
    private(set) var count = 0
    private var inValue = false
    private var inString = false
    private var stringEnd = JSONStringEnd()
    /// Absolute offset of the next byte to walk.
    private var position = 0

    init(unit: Unit, compact: Bool, sink: Sink) {
        self.unit = unit
        self.compact = compact
        self.sink = sink
        validator = JSONValidator(mode: unit == .lineValues ? .lines : .single)
    }

    /// Validates one chunk, then passes on the parts of it that lie inside values.
    mutating func consume(_ chunk: UnsafeRawBufferPointer) throws {
        var events = BoundaryEvents()
        try validator.consume(chunk, events: &events)
        let base = position
        var index = 0
        var next = 0
        while index < chunk.count {
            while next < events.list.count && events.list[next].offset <= base + index {
                try apply(events.list[next])
                next += 1
            }
            let stop = next < events.list.count ? Swift.min(events.list[next].offset - base, chunk.count) : chunk.count
            if !inValue {
                // Outside values: brackets, commas and blanks. A line value starts at its first non-blank.
                if unit == .lineValues && !Byte.isWhitespace(chunk[index]) {
                    try begin()
                } else {
                    index += 1
                    continue
                }
            }
            try pass(UnsafeRawBufferPointer(rebasing: chunk[index..<stop]))
            index = stop
        }
        while next < events.list.count {
            try apply(events.list[next])
            next += 1
        }
        position += chunk.count
    }

    /// Declares the end of the stream (a number can end a JSON Lines stream without a newline).
    mutating func finish() throws {
        try validator.finish()
        if inValue { try end() }
    }

    private mutating func apply(_ event: BoundaryEvents.Event) throws {
        if event.began {
            if !inValue { try begin() }
        } else if inValue {
            try end()
        }
    }

    private mutating func begin() throws {
        inValue = true
        inString = false
        stringEnd.reset()
        try sink.valueBegan()
    }

    private mutating func end() throws {
        inValue = false
        count += 1
        try sink.valueEnded()
    }

    /// Hands on bytes inside a value; compacting skips blanks outside strings, in runs.
    private mutating func pass(_ bytes: UnsafeRawBufferPointer) throws {
        guard compact else { return try sink.write(bytes) }
        var runStart = 0
        for i in 0..<bytes.count {
            let byte = bytes[i]
            if inString {
                if stringEnd.isClosingQuote(byte) { inString = false }
            } else if Byte.isWhitespace(byte) {
                if i > runStart { try sink.write(UnsafeRawBufferPointer(rebasing: bytes[runStart..<i])) }
                runStart = i + 1
            } else if byte == Byte.quote {
                inString = true
            }
        }
        if bytes.count > runStart { try sink.write(UnsafeRawBufferPointer(rebasing: bytes[runStart...])) }
    }
}

/// The boundaries the validator reported during one `consume`, in stream order.
struct BoundaryEvents: JSONEventHandler {
    struct Event {
        let offset: Int
        let began: Bool
    }

    var list: [Event] = []

    mutating func topLevelElementBegan(at offset: Int) { list.append(Event(offset: offset, began: true)) }
    mutating func topLevelElementEnded(at offset: Int) { list.append(Event(offset: offset, began: false)) }
    mutating func lineValueEnded(at offset: Int) { list.append(Event(offset: offset, began: false)) }
}

