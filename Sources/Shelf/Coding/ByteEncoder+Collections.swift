/// Arrays and string-keyed dictionaries of the common scalars, written in place: the bytes their
/// own `encode(to:)` would write through containers (elements in order; a dictionary's members in
/// its own order, or sorted as `sortMembers` sorts), without a container or a value level each.
/// A dictionary's keys are its own and so never repeat.
extension ByteEncoder {
    /// Writes `value` when `T` is one of the collections handled here.
    @inline(__always) func collection<T>(_ value: T) -> Bool {
        if T.self == [String].self { array(unsafeBitCast(value, to: [String].self)) { self.out.string($0) } }
        else if T.self == [Int].self { array(unsafeBitCast(value, to: [Int].self)) { self.out.integer($0) } }
        else if T.self == [Double].self { array(unsafeBitCast(value, to: [Double].self)) { self.double($0) } }
        else if T.self == [String: Int].self { dictionary(unsafeBitCast(value, to: [String: Int].self)) { self.out.integer($0) } }
        else if T.self == [String: String].self { dictionary(unsafeBitCast(value, to: [String: String].self)) { self.out.string($0) } }
        else { return false }
        return true
    }

    func array<E>(_ elements: [E], _ element: (E) -> Void) {
        out.byte(UInt8(ascii: "["))
        for index in elements.indices {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            element(elements[index])
        }
        out.byte(UInt8(ascii: "]"))
    }

    func dictionary<V>(_ members: [String: V], _ member: (V) -> Void) {
        out.byte(UInt8(ascii: "{"))
        var first = true
        func put(_ key: String, _ value: V) {
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            out.string(key)
            out.byte(UInt8(ascii: ":"))
            member(value)
        }
        if options.sortedKeys {
            for (key, value) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) { put(key, value) }
        } else {
            for (key, value) in members { put(key, value) }
        }
        out.byte(UInt8(ascii: "}"))
    }
}
