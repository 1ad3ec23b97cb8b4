/// What a value may keep of a decode past its own `init(from:)`: the `Decoder`, or a container.
/// With Foundation's decoder it may use them later, during the rest of the decode or after it,
/// with the same results; here a container does not hold what it reads (the decoder lends its
/// tape and places without retains, for speed). So:
///
/// - During the decode, a container used while another value is being decoded (kept by one
///   array element and used by the next) is "out of turn": its reads of the tape still give
///   Foundation's values, but its coding path is the decoder's current one. Where that path
///   matters (asked for, or a nested value, or a nested container made) the decode is marked
///   failed, and Foundation decides (`checkTurn`). The decoder itself reads the current node,
///   as Foundation's does (one decoder object serves the whole decode there too).
/// - At the end, if anyone else still holds the decoder or a container (`isHeld`), the value
///   is not returned: Foundation decodes the bytes again, and what the value keeps is then
///   Foundation's, valid for its whole life with Foundation's errors.
/// - If something is still held once that value is gone (code that put a container somewhere
///   else), the decoder keeps the tape and a copy of the text and lives on (`outlive`), so that
///   its use never reads freed memory.
extension TapeDecoder {
    /// Marks the decode failed when a container handed out while `owner` was the node being
    /// decoded is used while another node is (so with another path than Foundation's).
    @inline(__always) func checkTurn(_ owner: Int) {
        if node != owner { failed = true }
    }

    /// Whether a keyed container's box is held by anyone but this decoder. (The decoder's own
    /// holders, unkeyed containers and `any Decoder`s, are told by the caller's
    /// `isKnownUniquelyReferenced` of the decoder.)
    func containersHeld() -> Bool {
        var index = 0
        while index < reuse.entries.count {
            if !isKnownUniquelyReferenced(&reuse.entries[index].box) { return true }
            index += 1
        }
        let places = placesSlot.pointer
        index = 0
        while index < places.pointee.count {
            let fields = places.pointee[index].fields
            if fields.pointee.box != nil && !isKnownUniquelyReferenced(&fields.pointee.box) { return true }
            index += 1
        }
        return false
    }

    /// Keeps this decoder, its places and its tape (which the caller no longer frees) for as
    /// long as the process runs, with a copy of the `count` bytes of text: something still holds
    /// a container of a decode whose value was dropped, and may use it at any time. (Rare: only
    /// code that hands a container to something other than the value it decodes.)
    func outlive(count: Int) {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(1, count))
        copy.initialize(from: bytes, count: count)
        repoint(to: UnsafePointer(copy))
        _ = Unmanaged.passRetained(self)
    }
}
