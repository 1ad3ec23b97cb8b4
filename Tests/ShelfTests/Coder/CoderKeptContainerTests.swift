import FoundationEssentials
import Testing
@testable import Shelf

/// Where one array element's container goes for the next element to use (through `userInfo`).
final class ContainerStash: @unchecked Sendable {
    var keyed: KeyedDecodingContainer<KeptKey>?
    var unkeyed: (any UnkeyedDecodingContainer)?
    /// Every keyed container any decode put here, kept past it.
    var everything: [KeyedDecodingContainer<KeptKey>] = []
    static let key = CodingUserInfoKey(rawValue: "containerStash")!
}

/// An element that uses the container the element before it left in the stash, then leaves its own.
struct StashPasser: Decodable, Equatable {
    let seen: [String]
    let a: Int
    init(from decoder: any Decoder) throws {
        let stash = decoder.userInfo[ContainerStash.key] as! ContainerStash
        var seen: [String] = []
        if let earlier = stash.keyed {
            seen += [keptPath(earlier.codingPath),
                     keptOutcome { try earlier.decode(Int.self, forKey: .a) },
                     keptOutcome { try earlier.decode(PathNoter.self, forKey: .child) },
                     keptOutcome { keptPath(try earlier.nestedContainer(keyedBy: KeptKey.self, forKey: .child).codingPath) }]
        }
        if var earlier = stash.unkeyed {
            seen += [keptPath(earlier.codingPath), keptOutcome { try earlier.decode(PathNoter.self) }]
        }
        let mine = try decoder.container(keyedBy: KeptKey.self)
        stash.keyed = mine
        stash.unkeyed = try mine.nestedUnkeyedContainer(forKey: .list)
        a = try mine.decode(Int.self, forKey: .a)
        self.seen = seen
    }
}

/// StashPasser elements; the stash is emptied first, and at the end too if `Clears`.
struct StashBatch<Clears: ClearsFlag>: Decodable, Equatable {
    let items: [StashPasser]
    init(from decoder: any Decoder) throws {
        let stash = decoder.userInfo[ContainerStash.key] as! ContainerStash
        stash.keyed = nil
        stash.unkeyed = nil
        items = try [StashPasser](from: decoder)
        if Clears.clears {
            stash.keyed = nil
            stash.unkeyed = nil
        }
    }
}

protocol ClearsFlag { static var clears: Bool { get } }
enum ClearsAtEnd: ClearsFlag { static let clears = true }
enum KeepsAtEnd: ClearsFlag { static let clears = false }

/// Puts its container in the stash's list, for good, and keeps nothing itself.
struct StashesForGood: Decodable, Equatable {
    let a: Int
    init(from decoder: any Decoder) throws {
        let stash = decoder.userInfo[ContainerStash.key] as! ContainerStash
        let container = try decoder.container(keyedBy: KeptKey.self)
        stash.everything.append(container)
        a = try container.decode(Int.self, forKey: .a)
    }
}

/// A value may keep its `Decoder` or a container past its `init(from:)` and use it later, as
/// Foundation's decoder allows: during the decode (one element's container used while the next
/// is decoded) or after it, after another decode too. Each use gives what Foundation's gives,
/// value or error with its coding path.
@Suite struct CoderKeptContainerTests {
    /// Decodes `text` as `T` with both coders, runs a decode of something else with both, then
    /// compares every later use of what each value kept.
    func compareLater<T: Decodable & UsesKeptLater>(_ type: T.Type, _ text: String) -> [String] {
        let decoder = JSONDecoder()
        let theirs = try! decoder.decode(T.self, from: Data(text.utf8))
        let ours = try! LibraryJSON.decode(T.self, from: Data(text.utf8), like: decoder)
        var differences: [String] = []
        let before = (theirs.later(), ours.later())
        if before.0 != before.1 { differences.append("right after: Foundation \(before.0)\nlibrary \(before.1)") }
        // Another decode, whose tape and text take the freed memory of the first one's.
        let other = KeptText.records(40).replacingOccurrences(of: "\"a\":1", with: "\"a\":\"zz\"")
        _ = try? decoder.decode([PathNoter].self, from: Data(other.utf8))
        _ = try? LibraryJSON.decode([PathNoter].self, from: Data(other.utf8), like: decoder)
        let after = (theirs.later(), ours.later())
        if after.0 != after.1 { differences.append("after another decode: Foundation \(after.0)\nlibrary \(after.1)") }
        return differences
    }

    @Test func keptDecoderDoesAsFoundations() {
        #expect(compareLater(KeepsDecoder.self, KeptText.record) == [])
        #expect(compareLater(KeptList<KeepsDecoder>.self, KeptText.records(3)) == [])
    }

    @Test func keptKeyedContainerDoesAsFoundations() {
        #expect(compareLater(KeepsKeyed.self, KeptText.record) == [])
        #expect(compareLater(KeptList<KeepsKeyed>.self, KeptText.records(3)) == [])
        // More of them than the decoder keeps for reuse.
        #expect(compareLater(KeptList<KeepsKeyed>.self, KeptText.records(40)) == [])
    }

    @Test func keptUnkeyedContainerDoesAsFoundations() {
        #expect(compareLater(KeepsUnkeyed.self, #"[0,1,{"a":2},"x"]"#) == [])
        #expect(compareLater(KeptList<KeepsUnkeyed>.self, #"[[0,1,{"a":2},"x"],[0,"y",{"b":2}]]"#) == [])
    }

    @Test func keptSingleValueContainerDoesAsFoundations() {
        #expect(compareLater(KeepsSingleValue.self, "12") == [])
        #expect(compareLater(KeptList<KeepsSingleValue>.self, #"[1, "x", null, {"a":3}, {"b":null}]"#) == [])
    }

    @Test func keptSuperDecoderDoesAsFoundations() {
        #expect(compareLater(KeepsSuperDecoder.self, KeptText.record) == [])
        #expect(compareLater(KeptList<KeepsSuperDecoder>.self, KeptText.records(2)) == [])
    }

    @Test func keptNestedContainersDoAsFoundations() {
        #expect(compareLater(KeepsNested.self, KeptText.record) == [])
        #expect(compareLater(KeptList<KeepsNested>.self, KeptText.records(3)) == [])
        #expect(compareLater(KeepsNestedKeyed.self, KeptText.record) == [])
        #expect(compareLater(KeptList<KeepsNestedKeyed>.self, KeptText.records(3)) == [])
    }

    /// One element's containers used while the next is decoded: held at the end too, or let go
    /// before the end (then only the use itself can tell the library's decode apart).
    @Test func containerOfOneElementUsedByTheNext() {
        let text = "[" + (1...5).map { KeptText.record.replacingOccurrences(of: "\"a\":1", with: "\"a\":\($0)") }.joined(separator: ",") + "]"
        func compare<T: Decodable & Equatable>(_ type: T.Type) -> String? {
            let decoder = JSONDecoder()
            decoder.userInfo[ContainerStash.key] = ContainerStash()
            return CoderComparison.decoded(T.self, Array(text.utf8), decoder)
        }
        #expect(compare(StashBatch<KeepsAtEnd>.self) == nil)
        #expect(compare(StashBatch<ClearsAtEnd>.self) == nil)
    }

    /// What a value keeps makes the decode Foundation's; what it lets go of does not.
    @Test func onlyAValueThatKeepsGoesToFoundation() {
        let record = Data(KeptText.record.utf8)
        #expect(!CoderComparison.fastDecodes(KeepsKeyed.self, record))
        #expect(!CoderComparison.fastDecodes(KeepsDecoder.self, record))
        #expect(!CoderComparison.fastDecodes(KeepsNested.self, record))
        #expect(!CoderComparison.fastDecodes(KeepsNestedKeyed.self, record))
        #expect(!CoderComparison.fastDecodes(KeepsUnkeyed.self, Data("[1,2]".utf8)))
        #expect(!CoderComparison.fastDecodes(KeepsSingleValue.self, Data("1".utf8)))
        #expect(CoderComparison.fastDecodes(PathNoter.self, record))
        #expect(CoderComparison.fastDecodes([PathNoter].self, Data(KeptText.records(40).utf8)))
    }

    /// A container put somewhere other than the value stays readable for good, though the
    /// library's decode was dropped for Foundation's (its tape and text are kept, not freed).
    @Test func containerHeldElsewhereStaysReadable() {
        let stash = ContainerStash()
        let decoder = JSONDecoder()
        decoder.userInfo[ContainerStash.key] = stash
        do {
            let text = "[" + (1...40).map { KeptText.record.replacingOccurrences(of: "\"a\":1", with: "\"a\":\($0)") }.joined(separator: ",") + "]"
            let value = try? LibraryJSON.decode([StashesForGood].self, from: Data(text.utf8), like: decoder)
            #expect(value?.map(\.a) == Array(1...40))
        }
        // Memory freed by the decode is taken by others.
        for _ in 0..<20 { _ = try? LibraryJSON.decode([PathNoter].self, from: Data(KeptText.records(60).utf8)) }
        // The library's 40 and Foundation's 40, in turn.
        #expect(stash.everything.count == 80)
        #expect(stash.everything.map { (try? $0.decode(Int.self, forKey: .a)) ?? -1 } == Array(1...40) + Array(1...40))
        #expect(stash.everything.map { (try? $0.decode(PathNoter.self, forKey: .child).a) ?? -1 } == Array(repeating: 5, count: 80))
    }
}
