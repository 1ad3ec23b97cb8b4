/// Where the decoder expects the next key of each of 32 recently read objects (an object's
/// node picks its entry; another object may take it over), so that a value whose keys are read
/// in the order they were written finds each at once instead of walking from the first member.
///
/// An entry holds, for one object, a member and one mark per key before that member, all of
/// which are plain ASCII strings; a key whose bytes equal that member's and whose mark none of
/// them has cannot be equal to any earlier key, so that member is the first match, as the walk
/// would find it (TapeKeyedContainer.find). A mark is one bit of 64, from the key's length and
/// first byte: different keys may share one, which only sends the look-up to the walk.
struct KeyHints {
    struct Entry {
        var object: Int
        var member: Int
        var marks: UInt64
    }

    static let count = 32
    let entries: UnsafeMutablePointer<Entry>

    init() {
        entries = .allocate(capacity: Self.count)
        entries.initialize(repeating: Entry(object: -1, member: 0, marks: 0), count: Self.count)
    }

    func free() { entries.deallocate() }

    @inline(__always) func entry(_ object: Int) -> UnsafeMutablePointer<Entry> { entries + (object & (Self.count - 1)) }

    @inline(__always) static func mark(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let first = key.isEmpty ? 0 : Int(key[0])
        return 1 &<< UInt64(truncatingIfNeeded: (key.count &* 8 &+ first) & 63)
    }
}
