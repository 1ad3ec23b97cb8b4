import ShelfCore

/// What the decoder knows of each of 32 recently read objects (an object's node picks its
/// entry; another object may take it over), so that a key is found without walking the object.
///
/// Marks: a mark is one bit of 64, from a key's length and first byte. Two ASCII strings equal
/// as Swift strings only when their bytes are equal, so keys with different marks differ;
/// different keys may share a mark, which only sends a look-up to a slower path.
///
/// The member table: when all of an object's members (at most `tableSize`) are plain ASCII
/// strings with marks all different, an ASCII key can only equal the one member with its mark,
/// which is then also the first equal one: the look-up is that member or, if no member has the
/// mark, absent, in any order of reading and without a walk (`table`, in the slot of the mark's bit). It
/// is made when the next-key hint first misses in an object (a key read out of order or absent).
///
/// The next-key hint, tried first and for the objects without a table: a member and the marks of the keys before it, all
/// plain ASCII strings; a key whose bytes equal that member's and whose mark none of them has
/// cannot be equal to any earlier key, so that member is the first match, as the walk would
/// find it (TapeKeyedContainer.find).
struct KeyHints {
    struct Entry {
        var object: Int
        var member: Int
        var marks: UInt64
        /// Whether the object's member table is filled, and the marks of all its members.
        var indexed: Bool
        var allMarks: UInt64
        /// Whether the table was tried: it is made at the first key the next-key hint misses,
        /// since a value read in the order written (the common case) never needs it.
        var tried: Bool
    }

    static let count = 32
    static let tableSize = 16
    static let tailLength = 3
    let entries: UnsafeMutablePointer<Entry>
    /// 64 member nodes per entry, each at its mark's bit.
    let tables: UnsafeMutablePointer<Int>

    init() {
        entries = .allocate(capacity: Self.count)
        entries.initialize(repeating: Entry(object: -1, member: 0, marks: 0, indexed: false, allMarks: 0, tried: false), count: Self.count)
        tables = .allocate(capacity: Self.count * 64)
        tables.initialize(repeating: 0, count: Self.count * 64)
    }

    func free() {
        entries.deallocate()
        tables.deallocate()
    }

    @inline(__always) func entry(_ object: Int) -> UnsafeMutablePointer<Entry> { entries + (object & (Self.count - 1)) }
    @inline(__always) func table(_ object: Int) -> UnsafeMutablePointer<Int> { tables + (object & (Self.count - 1)) * 64 }

    @inline(__always) static func mark(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let first = key.isEmpty ? 0 : Int(key[0])
        return 1 &<< UInt64(truncatingIfNeeded: (key.count &* 8 &+ first) & 63)
    }

    /// Takes the entry of `object` for it, with the hint at its first member.
    @inline(__always) func start(_ object: Int) {
        entry(object).pointee = Entry(object: object, member: object + 1, marks: 0, indexed: false, allMarks: 0, tried: false)
    }

    /// The value node of the ASCII `key` among the members from the hint on, 0 if none has it
    /// (a member before the hint cannot: the caller checked the key's mark is not among theirs),
    /// or -1 when a member is not a plain ASCII string (bytes alone cannot tell) or more than
    /// `tailLength` members would be compared: in an object written in another order than it is
    /// read, the table answers every later key too, and a long walk first only cost more. A key
    /// found moves the hint past it.
    func tail(_ object: Int, _ tape: TapeNodes, _ bytes: UnsafePointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>, end: Int) -> Int {
        let hint = entry(object)
        var member = hint.pointee.member, marks = hint.pointee.marks, left = Self.tailLength
        while member < end {
            guard left > 0, tape.kind(member) == .asciiString else { return -1 }
            left &-= 1
            let text = UnsafeBufferPointer(start: bytes + tape.payload(member), count: Int(truncatingIfNeeded: tape.aux(member)))
            marks |= Self.mark(text)
            if text.count == key.count && TapeDecoder.same(text, key) {
                hint.pointee.member = tape.next(member + 1)
                hint.pointee.marks = marks
                return member + 1
            }
            member = tape.next(member + 1)
        }
        return 0
    }

    /// Fills the member table of the object whose entry this is, where the object qualifies.
    /// One pass: each member goes in the slot of its mark's bit (the slots of an object that turns
    /// out not to qualify are never read: `allMarks` is set only when it does).
    func index(_ object: Int, _ tape: TapeNodes, _ bytes: UnsafePointer<UInt8>) {
        let hint = entry(object)
        hint.pointee.tried = true
        guard tape.aux(object) <= UInt64(Self.tableSize) else { return }
        let end = tape.payload(object), table = table(object)
        var member = object + 1, all: UInt64 = 0
        while member < end {
            guard tape.kind(member) == .asciiString else { return }
            let bit = Self.mark(UnsafeBufferPointer(start: bytes + tape.payload(member), count: Int(truncatingIfNeeded: tape.aux(member))))
            guard all & bit == 0 else { return }
            all |= bit
            table[bit.trailingZeroBitCount] = member
            member = tape.next(member + 1)
        }
        hint.pointee.indexed = true
        hint.pointee.allMarks = all
    }
}
