/// Whole tokens at a time: the path almost every byte takes. It never reports an error: at
/// anything wrong or unusual it stops, and `step` takes the same byte in the same state, so errors
/// keep their exact position and message.
extension JSONValidator {
    /// A chunk as `scan` reads it.
    struct Window {
        let raw: UnsafeRawPointer
        let bytes: UnsafePointer<UInt8>
        let count: Int
        /// A token starting at or before `last` can be read whole without checking the length.
        let last: Int
        /// The stream offset of the chunk's first byte.
        let base: Int
    }

    /// Validates from `start` while at least 64 bytes remain and returns where `step` must take
    /// over: at an error, at a rare construct (a number longer than 48 bytes, a bad escape), at
    /// the end of a value in JSON Lines, or in the last 64 bytes of the chunk.
    mutating func scan<Events: JSONEventHandler>(_ bytes: UnsafeRawBufferPointer, from start: Int, base: Int,
                                                 events: inout Events) -> Int {
        guard let raw = bytes.baseAddress else { return start }
        let window = Window(raw: raw, bytes: raw.assumingMemoryBound(to: UInt8.self), count: bytes.count,
                            last: bytes.count &- 64, base: base)
        var index = start
        // Finish the token `step` left off in, up to a place where a value or what follows one begins.
        while index <= window.last {
            switch state {
            case .value, .valueOrClose, .afterValue:
                return values(window, from: index, events: &events)
            case .string:
                let (end, closed) = closeString(window, from: index)
                guard closed else { return end }
                index = end
                if stringIsKey { state = .colon } else { endValue(at: base &+ index, events: &events) }
            case .keyOrClose, .key:
                index = skipBlanks(window, from: index)
                guard index <= window.last else { return index }
                if window.bytes[index] == Byte.closeBrace && state == .keyOrClose {
                    closeContainer(at: base &+ index, events: &events)
                    index &+= 1
                } else {
                    let (end, complete) = member(window, from: index)
                    guard complete else { return end }
                    index = end
                }
            case .colon:
                index = skipBlanks(window, from: index)
                guard index <= window.last, window.bytes[index] == Byte.colon else { return index }
                state = .value
                index &+= 1
            default:
                return index
            }
        }
        return index
    }

    /// The heart of `scan`: values and what follows them, in code laid out the way the grammar
    /// goes, so that each branch is predicted on its own (one `switch` on the state for every token
    /// costs a mispredicted jump every few bytes). Returns where `step` must take over.
    mutating func values<Events: JSONEventHandler>(_ window: Window, from start: Int, events: inout Events) -> Int {
        let bytes = window.bytes, base = window.base
        var index = start
        var skipValue = state == .afterValue
        while true {
            // Inside a container, token-dense JSON goes faster in blocks.
            if blockChoice.enabled && containers.depth >= 1 && base &+ index >= blockResume {
                let end = blocks(window, from: index, countsOnly: Events.self == NoJSONEvents.self)
                if end > index { return end }
            }
            if skipValue {
                skipValue = false
            } else {
                // A value begins here (state .value or .valueOrClose).
                index = skipBlanks(window, from: index)
                guard index <= window.last else { return index }
                let byte = bytes[index]
                switch byte {
                case Byte.openBrace, Byte.openBracket:
                    guard containers.depth < maxDepth else { return index }
                    let array = byte == Byte.openBracket
                    valueBegins(array ? .array : .object, at: base &+ index, events: &events)
                    containers.push(array: array)
                    state = array ? .valueOrClose : .keyOrClose
                    index = skipBlanks(window, from: index &+ 1)
                    guard index <= window.last else { return index }
                    if bytes[index] != (array ? Byte.closeBracket : Byte.closeBrace) {
                        if array { continue }
                        let (end, complete) = member(window, from: index)
                        guard complete else { return end }
                        index = end
                        continue
                    }
                    closeContainer(at: base &+ index, events: &events)
                    index &+= 1
                case Byte.quote:
                    valueBegins(.string, at: base &+ index, events: &events)
                    let (end, closed) = closeString(window, from: index &+ 1)
                    guard closed else {
                        stringIsKey = false
                        state = .string
                        return end
                    }
                    index = end
                    endValue(at: base &+ index, events: &events)
                case Byte.minus, Byte.zero...Byte.nine:
                    guard let end = Self.numberEnd(bytes, from: index) else { return index }
                    valueBegins(.number, at: base &+ index, events: &events)
                    index = end
                    endValue(at: base &+ index, events: &events)
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    guard let length = Self.literalLength(bytes, at: index) else { return index }
                    valueBegins(.literal, at: base &+ index, events: &events)
                    index &+= length
                    endValue(at: base &+ index, events: &events)
                default:
                    return index
                }
            }
            // A value ended just before `index` (state .afterValue, or .done/.lineEnd at the top).
            while true {
                guard !containers.isEmpty else { return index }
                index = skipBlanks(window, from: index)
                guard index <= window.last else { return index }
                let byte = bytes[index], inArray = containers.innermostIsArray
                if byte == Byte.comma {
                    if inArray {
                        state = .value
                        index &+= 1
                        break
                    }
                    state = .key
                    index = skipBlanks(window, from: index &+ 1)
                    guard index <= window.last else { return index }
                    let (end, complete) = member(window, from: index)
                    guard complete else { return end }
                    index = end
                    break
                }
                guard byte == (inArray ? Byte.closeBracket : Byte.closeBrace) else { return index }
                closeContainer(at: base &+ index, events: &events)
                index &+= 1
            }
        }
    }

    /// An object member up to its value: the key at `start` (state .key or .keyOrClose), the
    /// colon, the blanks; returns where the value begins, or where `step` must take over.
    @inline(always)
    mutating func member(_ window: Window, from start: Int) -> (Int, complete: Bool) {
        guard window.bytes[start] == Byte.quote else { return (start, false) }
        // The state is written only where `step` takes over, and once the member is whole.
        let (end, closed) = closeString(window, from: start &+ 1)
        guard closed else {
            stringIsKey = true
            state = .string
            return (end, false)
        }
        let index = skipBlanks(window, from: end)
        guard index <= window.last, window.bytes[index] == Byte.colon else {
            state = .colon
            return (index, false)
        }
        state = .value
        return (index &+ 1, true)
    }

    /// The rest of a string from `start` (inside it): returns the index just past the closing
    /// quote, or where `step` must take over (state stays .string).
    @inline(always)
    mutating func closeString(_ window: Window, from start: Int) -> (Int, closed: Bool) {
        var index = start
        while true {
            index = scanStringRun(window.raw, count: window.count, from: index)
            // An escape is read whole: up to six bytes.
            guard index &+ 8 <= window.count else { return (index, false) }
            let byte = window.bytes[index]
            if byte == Byte.quote { return (index &+ 1, true) }
            guard byte == Byte.backslash, let length = Self.escapeLength(window.bytes, at: index) else { return (index, false) }
            index &+= length
        }
    }
}
