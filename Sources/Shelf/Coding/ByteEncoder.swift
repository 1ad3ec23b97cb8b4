import FoundationEssentials

/// The library's `Encoder`: writes JSON bytes as values are encoded, with no tree in between.
///
/// Containers are opened and closed on a stack: a value's container closes when its
/// `encode(to:)` returns, a nested container when its parent writes again. What a streaming
/// writer cannot follow (a closed container written to again, a key encoded twice, a super
/// encoder, a single value after a container) sets `failed`, and the caller hands the value to
/// `JSONEncoder`; so does any error.
final class ByteEncoder: Encoder, SingleValueEncodingContainer {
    struct Frame {
        let id: Int
        let isObject: Bool
        /// The value level that opened it: a value's own container, or one nested in it.
        let level: Int
        var count = 0
        /// Where this object's keys start in `keys`, and its members in `memberStarts`.
        let firstKey: Int
        /// The marks of its keys (`KeyHints.mark`), while all are ASCII: a key with a mark none
        /// of them has cannot be a duplicate, and is not compared with each.
        var marks: UInt64 = 0
        var plainKeys = true
    }

    let options: ByteEncodingOptions
    let userInfo: [CodingUserInfoKey: Any]
    // The mutable state, out of line (OutOfLineValue says why), read through the addressors
    // in ByteEncoder+State.swift.
    let outSlot: OutOfLineValue<JSONByteWriter>
    let pathSlot = OutOfLineValue([CodingPathElement]())
    let failedSlot = OutOfLineValue(false)
    let framesSlot = OutOfLineValue([Frame]())
    let keysSlot = OutOfLineValue([String]())
    let memberStartsSlot = OutOfLineValue([Int]())
    let keySetsSlot = OutOfLineValue([Int: Set<String>]())
    let countersSlot = OutOfLineValue(Counters())
    /// The keys written so far, escaped; consulted only where strings read as `EncodedKeys` expects.
    let encodedKeys = EncodedKeys()
    let keepsKeys = EncodedKeys.trusted
    let keptSlot = OutOfLineValue([KeptContainer]())
    let keepsContainers = ByteEncoder.containersAreBoxes
    /// Foundation refuses containers 512 deep; past this the call is Foundation's.
    static let maximumLevel = 500

    init(options: ByteEncodingOptions) {
        self.options = options
        outSlot = OutOfLineValue(JSONByteWriter(escapeSlashes: options.escapeSlashes, capacity: 4096))
        var info: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { info[key] = value }
        userInfo = info
    }

    deinit {
        out.free()
        encodedKeys.free()
        keptSlot.free()
        outSlot.free()
        pathSlot.free()
        failedSlot.free()
        framesSlot.free()
        keysSlot.free()
        memberStartsSlot.free()
        keySetsSlot.free()
        countersSlot.free()
    }

    var codingPath: [any CodingKey] { path.map(\.codingKey) }

    func fail() { failed = true }

    // MARK: Containers

    /// Opens a container for the current value, or returns the one it opened already (a
    /// subclass's `encode(to:)` and its superclass's share one object, as in Foundation).
    func open(object: Bool) -> Int {
        if levelWritten {
            if let index = frames.firstIndex(where: { $0.level == level }), frames[index].isObject == object {
                return frames[index].id
            }
            fail()
            return -1
        }
        levelWritten = true
        return push(object: object)
    }

    func push(object: Bool) -> Int {
        if frames.count >= Self.maximumLevel { fail() }
        out.byte(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        nextID += 1
        frames.append(Frame(id: nextID, isObject: object, level: level, firstKey: keys.count))
        return nextID
    }

    /// Makes frame `id` the innermost open one, closing the nested containers above it, and
    /// writes the comma before its next element. Nil when it is closed or not this level's.
    func prepare(_ id: Int) -> Int? {
        guard !failed else { return nil }
        // Mostly the innermost frame is the one written to: no search, nothing to close.
        var index = frames.count - 1
        if index < 0 || frames[index].id != id {
            guard let found = frames.lastIndex(where: { $0.id == id }) else {
                fail()
                return nil
            }
            for above in frames[(found + 1)...] where above.level != frames[found].level {
                fail()
                return nil
            }
            while frames.count > found + 1 { closeTop() }
            index = found
        }
        if frames[index].count > 0 { out.byte(UInt8(ascii: ",")) }
        frames[index].count += 1
        return index
    }

    /// Writes `"key":` as the next member of object `id`.
    func member(_ id: Int, _ key: String) -> Bool {
        guard let index = prepare(id) else { return false }
        let words = keepsKeys ? EncodedKeys.identity(key) : nil
        let known = words.flatMap { encodedKeys.find($0) }
        let mark: UInt64?
        if let known { mark = known.pointee.mark == 0 ? nil : known.pointee.mark } else { mark = Self.mark(key) }
        let first = frames[index].firstKey, id = frames[index].id
        if keys.count - first < 32 {
            if mark == nil || !frames[index].plainKeys || frames[index].marks & mark! != 0 {
                for i in first..<keys.count where keys[i] == key {
                    fail()
                    return false
                }
            }
            if let mark { frames[index].marks |= mark } else { frames[index].plainKeys = false }
        } else {
            // A big object (a dictionary's): a set of its keys, made once.
            if keySets[id] == nil { keySets[id] = Set(keys[first...]) }
            guard keySets[id]!.insert(key).inserted else {
                fail()
                return false
            }
        }
        keys.append(key)
        if options.sortedKeys { memberStarts.append(out.count - (frames[index].count > 1 ? 1 : 0)) }
        if let known { out.append(encodedKeys.text(known)); return true }
        let start = out.count
        out.string(key)
        out.byte(UInt8(ascii: ":"))
        if let words { encodedKeys.keep(words, mark: mark, text: UnsafeBufferPointer(start: out.base + start, count: out.count - start)) }
        return true
    }

    func closeTop() {
        let frame = frames.removeLast()
        if frame.isObject {
            if options.sortedKeys { sortMembers(frame) }
            if keys.count - frame.firstKey >= 32 { keySets[frame.id] = nil }
            keys.removeSubrange(frame.firstKey...)
            out.byte(UInt8(ascii: "}"))
        } else {
            out.byte(UInt8(ascii: "]"))
        }
    }

    /// Rewrites an object's members in the order of their keys' UTF-8 bytes, as Foundation sorts.
    func sortMembers(_ frame: Frame) {
        let firstMember = memberStarts.count - (keys.count - frame.firstKey)
        defer { memberStarts.removeSubrange(firstMember...) }
        guard frame.count > 1 else { return }
        let starts = Array(memberStarts[firstMember...]), names = Array(keys[frame.firstKey...])
        let end = out.count
        // Ranges, not slices: a slice alive at the write-back would make it copy the whole output.
        var pieces: [(name: String, range: Range<Int>)] = []
        for i in starts.indices {
            // Each member after the first starts at its comma.
            pieces.append((names[i], (starts[i] + (i == 0 ? 0 : 1))..<(i + 1 < starts.count ? starts[i + 1] : end)))
        }
        pieces.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var sorted: [UInt8] = []
        sorted.reserveCapacity(end - starts[0])
        for (i, piece) in pieces.enumerated() {
            if i > 0 { sorted.append(UInt8(ascii: ",")) }
            sorted.append(contentsOf: UnsafeBufferPointer(start: out.base + piece.range.lowerBound, count: piece.range.count))
        }
        sorted.withUnsafeBufferPointer { (out.base + starts[0]).update(from: $0.baseAddress!, count: $0.count) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        keyed(Key.self, id: open(object: true), depth: path.count)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ByteUnkeyedContainer(encoder: self, id: open(object: false), depth: path.count)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }
}
