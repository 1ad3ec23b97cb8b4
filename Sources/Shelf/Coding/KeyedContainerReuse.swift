/// Where a keyed container reads: its decoder, its object node, the decoder's path depth when it was made,
/// and the keys of nested containers on the way there. Out of line (read through a pointer, so
/// without exclusivity checks) so that a container the decoder hands out again can be pointed
/// at another object.
final class KeyedPlace {
    struct Fields {
        var object: Int
        var depth: Int
        var extra: [CodingPathElement]
        /// The node being decoded when the container was handed out: it is used in turn while
        /// that node is the decoder's (TapeDecoder.checkTurn).
        var owner: Int
        /// The container's box, for a container not among the reused ones (which hold theirs):
        /// to tell at the end of the decode whether anyone else still holds it (TapeDecoder.isHeld).
        var box: AnyObject?
        /// Whether the last object this container read needed its member table (its keys were read
        /// in another order than written, as in what JSONEncoder writes): the next object's table is
        /// then made at its first key, without trying the next-key hint first (TapeKeyedContainer.find).
        var prefersTable = false
    }

    /// Not counted (a retain and a release per value read otherwise): the decoder outlives the
    /// decode, and keeps its places until the decode ends (`TapeDecoder.keep`).
    unowned(unsafe) let decoder: TapeDecoder
    let unretainedDecoder: Unmanaged<TapeDecoder>
    let fields: UnsafeMutablePointer<Fields>

    /// (`owner` passed in, not read from the decoder here: that read, inlined into the caller,
    /// crashed the release compiler's ownership verifier.)
    init(_ decoder: TapeDecoder, object: Int, depth: Int, owner: Int, extra: [CodingPathElement] = []) {
        self.decoder = decoder
        unretainedDecoder = .passUnretained(decoder)
        fields = .allocate(capacity: 1)
        fields.initialize(to: Fields(object: object, depth: depth, extra: extra, owner: owner))
    }

    deinit {
        fields.deinitialize(count: 1)
        fields.deallocate()
    }
}

/// Keyed containers the decoder made, kept to be handed out again. `KeyedDecodingContainer`
/// boxes its container in a class instance, and making one per object (the allocation, the
/// generic metadata of the box and of the container, the witness table) cost more than
/// reading a small object's members. A box made earlier for the same key type that nobody
/// holds any more (this list's reference is its only one) is pointed at the new object and
/// returned again; one still held (a container of an outer value of the same type, or one a
/// value kept) is left alone.
struct KeyedContainerReuse {
    struct Entry {
        let type: ObjectIdentifier
        var box: AnyObject
        let place: KeyedPlace
    }

    static let capacity = 32
    var entries: [Entry] = []

    /// Whether a `KeyedDecodingContainer` is its box's reference alone, as the standard library
    /// has it; if that ever changes, nothing is reused.
    /// (Computed, a constant the compiler folds: a `static let` was a `swift_once` per object.)
    static var boxIsWhole: Bool { MemoryLayout<KeyedDecodingContainer<IndexCodingKey>>.size == MemoryLayout<AnyObject>.size }
}

extension TapeDecoder {
    /// A container of `Key` reading `object`, reused where one is free. (A new one is made in a
    /// function of its own: here, the runtime would look up the metadata of every generic type
    /// it names on every call, made or reused.)
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, object: Int) -> KeyedDecodingContainer<Key> {
        let index = reusable(ObjectIdentifier(Key.self), object: object)
        guard index >= 0 else { return newKeyedContainer(Key.self, object: object) }
        // Through a function of a concrete key type (whose metadata is cached where it is
        // named): a bit cast to `KeyedDecodingContainer<Key>` here looked up that type's
        // metadata in the runtime's table on every object (4.5% of the nested records'
        // instructions). The container is one box reference whatever its key type
        // (`boxIsWhole`), so both function types take and return the same words.
        let asContainer = unsafeBitCast(boxAsContainer as (AnyObject) -> KeyedDecodingContainer<IndexCodingKey>,
                                        to: ((AnyObject) -> KeyedDecodingContainer<Key>).self)
        return asContainer(reuse.entries[index].box)
    }

    /// The entry of a free container of the key type `id`, now pointed at `object`; or -1.
    private func reusable(_ id: ObjectIdentifier, object: Int) -> Int {
        guard KeyedContainerReuse.boxIsWhole else { return -1 }
        var index = 0
        while index < reuse.entries.count {
            if reuse.entries[index].type == id && isKnownUniquelyReferenced(&reuse.entries[index].box) {
                let place = reuse.entries[index].place.fields
                place.pointee.object = object
                place.pointee.depth = path.count
                place.pointee.owner = node
                return index
            }
            index += 1
        }
        return -1
    }

    @inline(never) private func newKeyedContainer<Key: CodingKey>(_ type: Key.Type, object: Int) -> KeyedDecodingContainer<Key> {
        let place = keep(KeyedPlace(self, object: object, depth: path.count, owner: node))
        let container = KeyedDecodingContainer(TapeKeyedContainer<Key>(place: place))
        guard let box = box(of: container) else { return container }
        if reuse.entries.count < KeyedContainerReuse.capacity {
            reuse.entries.append(.init(type: ObjectIdentifier(Key.self), box: box, place: place))
        } else {
            place.fields.pointee.box = box
        }
        return container
    }

    /// A container made for `place` and not kept for reuse (a nested one), with its box noted
    /// in its place (`containersHeld`).
    @inline(never) func track<Key>(_ container: KeyedDecodingContainer<Key>, _ place: KeyedPlace) {
        place.fields.pointee.box = box(of: container)
    }

    /// The box of `container`; nil where it cannot be found (then whether it is held cannot be
    /// told, and the decode is left to Foundation).
    /// (Read from the container's bytes, not bit cast: a bit cast here, on two paths of the
    /// caller, crashed the release compiler's copy propagation.)
    @inline(never) private func box<Key>(of container: KeyedDecodingContainer<Key>) -> AnyObject? {
        guard KeyedContainerReuse.boxIsWhole else {
            failed = true
            return nil
        }
        return withUnsafeBytes(of: container) { $0.load(as: AnyObject.self) }
    }
}

/// A reused box as a container (TapeDecoder.keyedContainer). A free function: a class's static
/// one, taken as a value, captured the class and allocated a closure on every call.
private func boxAsContainer(_ box: AnyObject) -> KeyedDecodingContainer<IndexCodingKey> {
    unsafeBitCast(box, to: KeyedDecodingContainer<IndexCodingKey>.self)
}
