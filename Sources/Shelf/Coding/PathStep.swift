/// One step of the decoder's coding path while a value is decoded: plain words, so that putting
/// a step on the path and taking it off copies no key. (An `any CodingKey` per step cost a copy
/// through the key type's value witnesses, a retain and a release, and an outlined copy of the
/// optional step, on every nested value: about 8% of the nested records' instructions.)
///
/// A key step points at the key its container was asked for. The key outlives the step: the
/// step is taken off before that call returns, and a path asked for (`codingKey`) copies the key.
enum PathStep {
    case index(Int)
    case key(UnsafeRawPointer, any CodingKey.Type)
    /// A `[String: V]` member's value: its key is the string at this node (`DictionaryKey`).
    case member(Int)
    /// A key a nested container holds (its `extra`), which lives as long as the container.
    case held(UnsafePointer<CodingPathElement>)

    /// The step as a coding key, read from `decoder`'s tape for a member.
    func codingKey(_ decoder: TapeDecoder) -> any CodingKey {
        switch self {
        case .index(let index): return IndexCodingKey(index)
        case .key(let pointer, let type): return Self.load(type, pointer)
        // The key's string was read before its value was decoded, so reading it again succeeds.
        case .member(let node): return DictionaryKey((try? decoder.string(node)) ?? "")
        case .held(let element): return element.pointee.codingKey
        }
    }

    private static func load<K: CodingKey>(_ type: K.Type, _ pointer: UnsafeRawPointer) -> any CodingKey {
        pointer.assumingMemoryBound(to: K.self).pointee
    }
}

extension TapeDecoder {
    /// The path's first `count` steps, then a container's own `extra` keys.
    func codingPath(_ count: Int, plus extra: [CodingPathElement] = []) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var index = 0
        while index < Swift.min(count, path.count) {
            keys.append(path[index].codingKey(self))
            index += 1
        }
        return keys + extra.map(\.codingKey)
    }
}

/// The decoder's path: a stack of plain steps in a buffer of its own. An array's `append` and
/// `removeLast` checked its uniqueness and capacity twice per nested value (a step is trivial,
/// so the buffer needs no deinitialising).
struct PathSteps {
    private(set) var base: UnsafeMutablePointer<PathStep>
    private(set) var count = 0
    private var capacity = 16

    init() { base = .allocate(capacity: 16) }

    func free() { base.deallocate() }

    subscript(index: Int) -> PathStep {
        precondition(index >= 0 && index < count, "a path step past the path's end")
        return base[index]
    }

    @inline(__always) mutating func append(_ step: PathStep) {
        if count == capacity { grow() }
        (base + count).initialize(to: step)
        count &+= 1
    }

    @inline(__always) mutating func removeLast(_ steps: Int = 1) {
        precondition(steps >= 0 && steps <= count, "more path steps taken off than put on")
        count &-= steps
    }

    @inline(never) private mutating func grow() {
        let larger = UnsafeMutablePointer<PathStep>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
