import FoundationEssentials
import Testing
@testable import Shelf

/// Coding paths a value's own `init(from:)` reads while the library decodes it, and the tape
/// parser's growth: each against Foundation, with the library's own decoder giving the result.
/// The decoder's path holds plain steps (a pointer to the key its container was asked for, an
/// array index, a dictionary member's node, a nested container's own keys), made into keys only
/// when asked; these values record every path they see, so a wrong step changes the value.
@Suite struct CoderPathTests {
    /// A path as text: each key's string and integer value.
    static func text(_ path: [any CodingKey]) -> String {
        path.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" }.joined(separator: ".")
    }

    /// An object `{"v": n}` that records the decoder's path and its container's.
    struct Leaf: Decodable, Equatable {
        enum Keys: String, CodingKey { case v }
        let paths: [String]
        let value: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            value = try container.decode(Int.self, forKey: .v)
            paths = [CoderPathTests.text(decoder.codingPath), CoderPathTests.text(container.codingPath)]
        }
    }

    /// Keys with integer values, which a path must keep.
    enum NumberedKeys: Int, CodingKey { case first = 1, second = 20 }

    struct Numbered: Decodable, Equatable {
        let first: Leaf
        let second: [Leaf]?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NumberedKeys.self)
            first = try container.decode(Leaf.self, forKey: .first)
            second = try container.decodeIfPresent([Leaf].self, forKey: .second)
        }
    }

    /// Every kind of step: a key, an optional's key, array indices, dictionary members (ASCII,
    /// non-ASCII, escaped, numeric keys), integer keys, and nested containers, keyed and
    /// unkeyed, whose keys the decoder's path lacks.
    struct Root: Decodable, Equatable {
        enum Keys: String, CodingKey { case leaf, maybe, list, map, numbered, nested = "nésted", empty, none }
        enum InnerKeys: String, CodingKey { case deep, leaf }
        let leaf: Leaf
        let maybe: Leaf?
        let list: [Leaf]
        let map: [String: Leaf]
        let numbered: [Numbered]
        let deep: [Leaf]
        let innerLeaf: Leaf
        let elements: [[Leaf]]
        let empty: [String: [Leaf]]
        let none: [Leaf]
        let rootPath: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            leaf = try container.decode(Leaf.self, forKey: .leaf)
            maybe = try container.decodeIfPresent(Leaf.self, forKey: .maybe)
            list = try container.decode([Leaf].self, forKey: .list)
            map = try container.decode([String: Leaf].self, forKey: .map)
            numbered = try container.decode([Numbered].self, forKey: .numbered)
            let inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .nested)
            innerLeaf = try inner.decode(Leaf.self, forKey: .leaf)
            var deepList = try inner.nestedUnkeyedContainer(forKey: .deep)
            var deep: [Leaf] = [], elements: [[Leaf]] = []
            while !deepList.isAtEnd {
                var row = try deepList.nestedUnkeyedContainer()
                var leaves: [Leaf] = []
                while !row.isAtEnd { leaves.append(try row.decode(Leaf.self)) }
                elements.append(leaves)
                deep += leaves
            }
            (self.deep, self.elements) = (deep, elements)
            empty = try container.decode([String: [Leaf]].self, forKey: .empty)
            none = try container.decode([Leaf].self, forKey: .none)
            rootPath = CoderPathTests.text(decoder.codingPath) + "|" + CoderPathTests.text(deepList.codingPath)
        }
    }

    @Test func pathsReadDuringADecodeAreFoundations() {
        let leaf = #"{"v":1}"#
        let text = """
            {"leaf":\(leaf),"maybe":\(leaf),"list":[\(leaf),\(leaf),\(leaf)],
             "map":{"a":\(leaf),"é":\(leaf),"\\"q\\"":\(leaf),"12":\(leaf),"e\\u0301":\(leaf)},
             "numbered":[{"first":\(leaf),"second":[\(leaf),\(leaf)]},{"first":\(leaf)}],
             "nésted":{"leaf":\(leaf),"deep":[[\(leaf)],[\(leaf),\(leaf)],[]]},
             "empty":{"k":[]},"none":[]}
            """
        #expect(CoderComparison.decoded(Root.self, Array(text.utf8)) == nil)
        #expect(CoderComparison.fastDecodes(Root.self, Data(text.utf8)))
        // The same in an array, so that every path starts with an index.
        let array = "[" + text + "," + text + "]"
        #expect(CoderComparison.decoded([Root].self, Array(array.utf8)) == nil)
        #expect(CoderComparison.fastDecodes([Root].self, Data(array.utf8)))
    }

    /// More nodes than the parser's first buffer holds (one per four bytes: these have one per two or three),
    /// in every nesting, so that it grows several times, at many sizes.
    @Test func tapesThatOutgrowTheirFirstBufferDecodeAsFoundationDoes() {
        for count in [1, 2, 3, 7, 8, 9, 63, 64, 65, 1_000, 10_000] {
            let numbers = "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
            #expect(CoderComparison.decoded([Int].self, Array(numbers.utf8)) == nil, "\(count)")
            #expect(CoderComparison.fastDecodes([Int].self, Data(numbers.utf8)), "\(count)")
            let empties = "[" + Array(repeating: "[]", count: count).joined(separator: ",") + "]"
            #expect(CoderComparison.decoded([[Int]].self, Array(empties.utf8)) == nil, "\(count)")
            let depth = Swift.min(count, 400)
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            #expect(CoderComparison.decoded(Nest.self, Array(nested.utf8)) == nil, "\(count)")
            #expect(CoderComparison.fastDecodes(Nest.self, Data(nested.utf8)), "\(count)")
        }
    }

    /// `[]`, `[[]]`, `[[[]]]` …: how deep it is.
    struct Nest: Decodable, Equatable {
        let depth: Int
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            depth = container.isAtEnd ? 1 : try container.decode(Nest.self).depth + 1
        }
    }
}
