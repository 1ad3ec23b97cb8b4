/// Keyed containers, kept and handed out again: each `KeyedEncodingContainer` is a box the
/// runtime allocates, and finding the box's and the container's types for a key type cost as
/// much again, for every object encoded. A kept box is handed out again only when nothing else
/// holds it (the value that used it last has returned), with its slot set for the new object;
/// otherwise (a container of that key type still held, as a nested object of its own type
/// does) another is made and kept too.
extension ByteEncoder {
    /// What a keyed container writes to, changed each time its box is handed out.
    struct KeyedState {
        var id: Int
        var depth: Int
        var extra: [CodingPathElement]
    }

    /// A container's state, behind a `let` pointer (OutOfLineValue says why), owned by the
    /// container's box through the container.
    final class KeyedSlot {
        let state: UnsafeMutablePointer<KeyedState>

        init(_ state: KeyedState) {
            self.state = .allocate(capacity: 1)
            self.state.initialize(to: state)
        }

        deinit {
            state.deinitialize(count: 1)
            state.deallocate()
        }
    }

    struct KeptContainer {
        let key: ObjectIdentifier
        var box: AnyObject
        let slot: KeyedSlot
    }

    static let keptContainers = 32

    /// A keyed container of `Key` writing to object `id`.
    func keyed<Key: CodingKey>(_ type: Key.Type, id: Int, depth: Int, extra: [CodingPathElement] = []) -> KeyedEncodingContainer<Key> {
        let key = ObjectIdentifier(type)
        var i = kept.count - 1
        while i >= 0 {
            if kept[i].key == key && isKnownUniquelyReferenced(&kept[i].box) {
                kept[i].slot.state.pointee = KeyedState(id: id, depth: depth, extra: extra)
                return unsafeBitCast(kept[i].box, to: KeyedEncodingContainer<Key>.self)
            }
            i -= 1
        }
        let slot = KeyedSlot(KeyedState(id: id, depth: depth, extra: extra))
        let container = KeyedEncodingContainer(ByteKeyedContainer<Key>(encoder: self, slot: slot))
        // The container is its box: a struct of one class reference.
        if keepsContainers && kept.count < Self.keptContainers {
            kept.append(KeptContainer(key: key, box: unsafeBitCast(container, to: AnyObject.self), slot: slot))
        }
        return container
    }

    /// Whether `KeyedEncodingContainer` is, as `keyed` takes it, one reference to its box.
    static let containersAreBoxes = MemoryLayout<KeyedEncodingContainer<IndexCodingKey>>.size == MemoryLayout<AnyObject>.size
        && MemoryLayout<KeyedEncodingContainer<IndexCodingKey>>.alignment == MemoryLayout<AnyObject>.alignment

    /// Lets the kept containers go: each holds this encoder (through its container), so they
    /// must be let go of for the encoder to be freed. Called when an encode ends.
    func finish() { kept.removeAll() }
}
