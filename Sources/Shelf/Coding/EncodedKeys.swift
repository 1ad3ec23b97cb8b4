/// The keys an encoder has written, kept as the bytes they became (`"key":`, escaped) with their
/// marks, so that a struct's keys are escaped and marked once per encode rather than once per
/// record.
///
/// A key is found by its string's two words, and only where those words alone say what the text
/// is: a small string holds its text in them, and a string literal points at text that lives as
/// long as the program. Any other string (one built at run time, whose storage may be freed and
/// its address reused by another text) is never looked up here. `trusted` checks that reading
/// once at start, on strings of each kind; where it does not hold, nothing is kept.
struct EncodedKeys {
    struct Entry {
        /// The string's words; `object` 0 for an empty entry (no string has it).
        var flags: UInt64
        var object: UInt64
        /// The key's mark (`KeyHints.mark`), 0 when it is not plain ASCII.
        var mark: UInt64
        var length: Int
    }

    static let slots = 64
    /// Longer keys are escaped each time.
    static let slotBytes = 48
    let entries: UnsafeMutablePointer<Entry>
    let bytes: UnsafeMutablePointer<UInt8>

    init() {
        entries = .allocate(capacity: Self.slots)
        entries.initialize(repeating: Entry(flags: 0, object: 0, mark: 0, length: 0), count: Self.slots)
        bytes = .allocate(capacity: Self.slots * Self.slotBytes)
    }

    func free() {
        entries.deallocate()
        bytes.deallocate()
    }

    /// The words of `key` when they alone say what its text is, else nil.
    @inline(__always) static func identity(_ key: String) -> (UInt64, UInt64)? {
        let words = unsafeBitCast(key, to: (UInt64, UInt64).self)
        let kind = words.1 >> 60
        // Immortal and small (ASCII or not): the text is in the words.
        if kind & 0b1010 == 0b1010 { return words }
        // Immortal and large, its text not native storage but where it started (a literal's).
        if kind == 0b1000 && (words.0 >> 60) & 0b0011 == 0b0001 { return words }
        return nil
    }

    /// Whether `identity` reads this runtime's strings as it expects: literals and small strings
    /// known, strings built at run time not.
    static let trusted: Bool = {
        guard MemoryLayout<String>.size == 16 else { return false }
        let built = String(repeating: "k", count: 40), joined = "a literal of more than fifteen bytes" + built
        return identity("a literal of more than fifteen bytes") != nil && identity("id") != nil
            && identity("naïve") != nil && identity(built) == nil && identity(joined) == nil
            && identity(String(joined.dropFirst(20))) == nil
    }()

    @inline(__always) func slot(_ words: (UInt64, UInt64)) -> Int {
        let mixed = (words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 58)
    }

    /// The entry kept for these words, or nil.
    @inline(__always) func find(_ words: (UInt64, UInt64)) -> UnsafeMutablePointer<Entry>? {
        let entry = entries + slot(words)
        return entry.pointee.object == words.1 && entry.pointee.flags == words.0 ? entry : nil
    }

    @inline(__always) func text(_ entry: UnsafeMutablePointer<Entry>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + (entry - entries) * Self.slotBytes, count: entry.pointee.length)
    }

    /// Keeps what the key with these words became, when it fits.
    func keep(_ words: (UInt64, UInt64), mark: UInt64?, text: UnsafeBufferPointer<UInt8>) {
        guard text.count <= Self.slotBytes, let start = text.baseAddress else { return }
        let index = slot(words)
        (bytes + index * Self.slotBytes).update(from: start, count: text.count)
        entries[index] = Entry(flags: words.0, object: words.1, mark: mark ?? 0, length: text.count)
    }
}
