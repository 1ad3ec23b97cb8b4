import FoundationEssentials
import Testing
@testable import Shelf

/// What the encoder keeps from one value to the next within an encode: the bytes of keys it
/// has written (found again only by the words of a string whose text they fix) and the keyed
/// containers it hands out again (only when nothing else holds them); and what it writes
/// without a container: arrays and dictionaries of common scalars, and Data as Base64. Each is
/// compared with Foundation, and checked to be the library's own result.
@Suite struct CoderEncoderReuseTests {
    @Test func theShortcutsHoldOnThisRuntime() {
        // Without them the tests below would not reach the kept keys and containers.
        #expect(EncodedKeys.trusted)
        #expect(ByteEncoder.containersAreBoxes)
        #expect(EncodedKeys.identity(String(repeating: "key ", count: 10)) == nil)
        #expect(EncodedKeys.identity("a key spelled out in the program") != nil)
    }

    /// Keys made while encoding, each freed after its member is written: a later key may get an
    /// earlier one's storage, and must still be written as itself.
    struct MadeKeys: Encodable {
        let round: Int
        typealias Key = CoderKeyTests.Keys.Key
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for member in 0..<3 {
                try container.encode(member, forKey: Key(stringValue: "member \(member) of round \(round) / \(String(repeating: "é", count: round % 3))"))
            }
            try container.encode(round, forKey: Key(stringValue: "round"))
        }
    }

    @Test func keysMadeWhileEncodingAreWrittenAsThemselves() {
        let rounds = (0..<300).map { MadeKeys(round: $0) }
        for (_, encoder) in CoderDifferentialTests.encoders() {
            #expect(CoderComparison.encoded(rounds, encoder) == nil)
            #expect(CoderComparison.fastEncodes(rounds, encoder))
        }
        // Dictionaries whose keys are made at run time, long and short, reused or not.
        let dictionaries = (0..<300).map { round -> [String: Int] in
            var members: [String: Int] = ["id": round]
            members["a key made at run time, number \(round % 7)"] = round
            members["k\(round % 5)"] = -round
            return members
        }
        #expect(CoderComparison.encoded(dictionaries) == nil)
        #expect(CoderComparison.fastEncodes(dictionaries))
    }

    /// A tree: each node's container is still held while its children, of its own type, are
    /// encoded, and is written to again after them.
    struct Tree: Encodable {
        var name: String
        var children: [Tree]
        var after: Int
    }

    /// Holds its container while a nested container of the same key type is written, then
    /// writes to both in turn.
    struct Twice: Encodable {
        enum Keys: String, CodingKey { case a, b, c }
        func encode(to encoder: any Encoder) throws {
            var outer = encoder.container(keyedBy: Keys.self)
            var inner = outer.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try inner.encode(1, forKey: .a)
            try outer.encode(2, forKey: .b)
            var again = outer.nestedContainer(keyedBy: Keys.self, forKey: .c)
            try again.encode(3, forKey: .b)
        }
    }

    @Test func containersHandedOutAgainWriteToTheirOwnObject() {
        func tree(_ depth: Int, _ seed: Int) -> Tree {
            Tree(name: "node \(seed)", children: depth == 0 ? [] : (0..<(seed % 3 + 1)).map { tree(depth - 1, seed * 3 + $0) }, after: seed)
        }
        let trees = (0..<20).map { tree(4, $0) }
        #expect(CoderComparison.encoded(trees) == nil)
        #expect(CoderComparison.fastEncodes(trees))
        #expect(CoderComparison.encoded([Twice(), Twice()]) == nil)
        #expect(CoderComparison.fastEncodes([Twice(), Twice()]))
    }

    struct Collections: Encodable {
        var strings: [String]
        var ints: [Int]
        var doubles: [Double]
        var counts: [String: Int]
        var names: [String: String]
    }

    @Test func collectionsWrittenInPlaceMatchFoundation() {
        let keys = ["b", "a", "B", "é", "a/b", "10", "9", "", "key\n", "Z😀"]
        var values: [Collections] = [Collections(strings: [], ints: [], doubles: [], counts: [:], names: [:])]
        for round in 0..<40 {
            let some = keys.enumerated().filter { ($0.offset + round) % 3 != 0 }.map(\.element)
            values.append(Collections(strings: some, ints: some.indices.map { $0 * round - 20 }, doubles: some.indices.map { Double($0) / 7 + 1e21 * Double(round % 2) },
                                      counts: Dictionary(uniqueKeysWithValues: some.map { ($0, round) }),
                                      names: Dictionary(uniqueKeysWithValues: some.map { ($0, $0 + "/\(round)") })))
        }
        for (_, encoder) in CoderDifferentialTests.encoders() {
            #expect(CoderComparison.encoded(values, encoder) == nil)
            #expect(CoderComparison.fastEncodes(values, encoder))
        }
        // A number Foundation refuses, in an array written in place: its error, through the hand-over.
        #expect(CoderComparison.encoded(Collections(strings: [], ints: [], doubles: [1, .infinity], counts: [:], names: [:])) == nil)
    }

    @Test func dataIsBase64AsFoundationWritesIt() {
        var payloads: [Data] = []
        for length in 0..<10 {
            // 0xFF bytes make `/` digits, 0xFB `+`.
            payloads.append(Data(repeating: 0xFF, count: length))
            payloads.append(Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 0xFB) }))
        }
        for (_, encoder) in CoderDifferentialTests.encoders() {
            #expect(CoderComparison.encoded(payloads, encoder) == nil)
            #expect(CoderComparison.fastEncodes(payloads, encoder))
        }
    }
}
