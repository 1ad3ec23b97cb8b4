/// The encoder's mutable state, each part read and written in place through its pointer.
extension ByteEncoder {
    /// The counters of the value levels and containers.
    struct Counters {
        var nextID = 0
        /// How deep in values the encoder is, and whether the current value wrote anything.
        var level = 0
        var levelWritten = false
    }

    var out: JSONByteWriter {
        unsafeAddress { UnsafePointer(outSlot.pointer) }
        unsafeMutableAddress { outSlot.pointer }
    }
    var path: [CodingPathElement] {
        unsafeAddress { UnsafePointer(pathSlot.pointer) }
        unsafeMutableAddress { pathSlot.pointer }
    }
    var failed: Bool {
        unsafeAddress { UnsafePointer(failedSlot.pointer) }
        unsafeMutableAddress { failedSlot.pointer }
    }
    var frames: [Frame] {
        unsafeAddress { UnsafePointer(framesSlot.pointer) }
        unsafeMutableAddress { framesSlot.pointer }
    }
    /// The keys of the open objects (duplicates are Foundation's to resolve; sorting needs them).
    var keys: [String] {
        unsafeAddress { UnsafePointer(keysSlot.pointer) }
        unsafeMutableAddress { keysSlot.pointer }
    }
    /// With sorted keys, where each member of the open objects starts in the output.
    var memberStarts: [Int] {
        unsafeAddress { UnsafePointer(memberStartsSlot.pointer) }
        unsafeMutableAddress { memberStartsSlot.pointer }
    }
    /// The keys of open objects of 32 members or more, by frame.
    var keySets: [Int: Set<String>] {
        unsafeAddress { UnsafePointer(keySetsSlot.pointer) }
        unsafeMutableAddress { keySetsSlot.pointer }
    }
    /// Keyed containers to hand out again (ByteEncoder+Containers.swift).
    var kept: [KeptContainer] {
        unsafeAddress { UnsafePointer(keptSlot.pointer) }
        unsafeMutableAddress { keptSlot.pointer }
    }
    var nextID: Int {
        get { countersSlot.pointer.pointee.nextID }
        set { countersSlot.pointer.pointee.nextID = newValue }
    }
    var level: Int {
        get { countersSlot.pointer.pointee.level }
        set { countersSlot.pointer.pointee.level = newValue }
    }
    var levelWritten: Bool {
        get { countersSlot.pointer.pointee.levelWritten }
        set { countersSlot.pointer.pointee.levelWritten = newValue }
    }

    /// A key's mark (`KeyHints.mark`) when it is ASCII, else nil: an ASCII key equals another
    /// as a Swift string only when their bytes are equal, so different marks mean different keys.
    static func mark(_ key: String) -> UInt64? {
        var key = key
        return key.withUTF8 { utf8 -> UInt64? in
            for byte in utf8 where byte >= 0x80 { return nil }
            return KeyHints.mark(utf8)
        }
    }
}
