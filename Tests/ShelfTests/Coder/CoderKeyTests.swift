import FoundationEssentials
import Testing
@testable import Shelf

/// The coders' shortcuts for keys: the decoder looks a key up by its mark in an object's member
/// table, or tries the member after the last one found before walking the object; the encoder
/// compares a key with the object's earlier keys only where their marks (length and first byte)
/// meet. Neither may change a result: the first of equal keys still wins, and a key Swift calls
/// equal to an earlier one is still a duplicate.
@Suite struct CoderKeyTests {
    struct Pair: Decodable, Equatable {
        var a: Int
        var b: Int
    }

    /// "x", then a key Swift's strings call equal to "K" (KELVIN SIGN).
    struct KelvinAfter: Decodable, Equatable {
        var x: Int
        var k: Int
        enum CodingKeys: String, CodingKey {
            case x
            case k = "\u{212A}"
        }
    }

    @Test func theFirstOfEqualKeysWinsWhereKeysAreReadInOrder() {
        // With the member after "a" tried first and taken, the second "b" would win here.
        let texts = ["{\"b\":1,\"a\":2,\"b\":3}", "{\"a\":1,\"b\":2,\"b\":3}", "{\"a\":1,\"a\":2,\"b\":3}", "{\"b\":1,\"a\":2,\"a\":4,\"b\":3}",
                     "{\"a\":1,\"\\u0062\":2,\"b\":3}", "{\"a\":1,\"c\":5,\"b\":2}", "{\"b\":2,\"a\":1}", "{\"a\":1,\"bb\":0,\"b\":2}"]
        for text in texts {
            #expect(CoderComparison.decoded(Pair.self, Array(text.utf8)) == nil, "\(text)")
            #expect(CoderComparison.fastDecodes(Pair.self, Data(text.utf8)), "\(text)")
        }
        for text in ["{\"x\":1,\"\\u212A\":2,\"K\":3}", "{\"x\":1,\"K\":3,\"\\u212A\":2}", "{\"x\":1,\"K\":3}", "{\"K\":3,\"x\":1}"] {
            #expect(CoderComparison.decoded(KelvinAfter.self, Array(text.utf8)) == nil, "\(text)")
        }
        // The same object read twice, and many objects: the look-ups of one never lead another's astray.
        let many = "[" + (0..<100).map { "{\"b\":\($0),\"a\":\($0 + 1),\"b\":-1}" }.joined(separator: ",") + "]"
        #expect(CoderComparison.decoded([Pair].self, Array(many.utf8)) == nil)
        #expect(CoderComparison.fastDecodes([Pair].self, Data(many.utf8)))
    }

    /// Optional members, read in declaration order from objects written in other orders.
    struct Optionals: Decodable, Equatable {
        var ab: Int?
        var ac: Int?
        var b: Int?
        var name: String?
    }

    @Test func theMemberTableFindsEachKeyOrItsAbsenceInAnyOrder() {
        // "ab" and "ac" share a mark: an absent one is found absent by its bytes.
        let texts = ["{\"name\":\"n\",\"b\":2,\"ab\":1}", "{\"ac\":3}", "{\"ab\":1}", "{}", "{\"b\":2,\"ac\":3,\"ab\":1,\"name\":null}",
                     // "ab" and "ad" share a mark: no table; the hint and the walk decide.
                     "{\"ad\":0,\"ab\":1}", "{\"ab\":1,\"ad\":0,\"ab\":5}", "{\"ab\":1,\"ab\":5,\"ac\":2}",
                     // A non-ASCII or an escaped member: no table.
                     "{\"é\":0,\"ac\":3}", "{\"\\u0061b\":7,\"ab\":1}", "{\"b\":7,\"\\u0062\":1}",
                     // Keys found or found absent by a walk from the hint on: duplicates after it, a key
                     // sharing a mark with one walked past, a non-ASCII or escaped member met on the way.
                     "{\"name\":\"n\",\"b\":1,\"b\":2}", "{\"b\":1,\"ab\":2,\"b\":3}", "{\"x\":0,\"é\":1,\"b\":2}",
                     "{\"zz\":0,\"b\":5,\"\\u0062\":6}", "{\"zz\":0,\"ac\":5,\"ab\":1,\"ab\":2}",
                     // More members than a table holds.
                     "{" + (0..<20).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"b\":2,\"b\":3}"]
        for text in texts {
            #expect(CoderComparison.decoded(Optionals.self, Array(text.utf8)) == nil, "\(text)")
            #expect(CoderComparison.fastDecodes(Optionals.self, Data(text.utf8)), "\(text)")
        }
        // Objects of different members one after another, each taking over another's entry.
        let many = "[" + (0..<100).map { $0 % 3 == 0 ? "{\"b\":\($0),\"ab\":1}" : "{\"ac\":\($0),\"ab\":\($0),\"ab\":0,\"name\":\"x\"}" }
            .joined(separator: ",") + "]"
        #expect(CoderComparison.decoded([Optionals].self, Array(many.utf8)) == nil)
        #expect(CoderComparison.fastDecodes([Optionals].self, Data(many.utf8)))
    }

    /// After an object read in another order than written, the next object of the same type has
    /// its member table made at its first key; where that object cannot have one (a duplicate, an
    /// escaped or non-ASCII member, a shared mark, too many members), the hint and the walk decide.
    @Test func anObjectAfterOneReadOutOfOrderIsReadAsFoundationDoes() {
        let objects = ["{\"b\":1,\"a\":2}", "{\"b\":3,\"a\":4,\"a\":5}", "{\"b\":6,\"\\u0061\":7,\"a\":8}", "{\"a\":9,\"b\":10}",
                       "{\"b\":11,\"a\":12,\"b\":13}", "{\"é\":0,\"b\":14,\"a\":15}", "{\"!\":0,\"b\":19,\"a\":20}",
                       "{" + (0..<20).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"b\":16,\"a\":17,\"a\":18}"]
        for first in objects {
            for second in objects {
                let text = "[\(objects[0]),\(first),\(objects[0]),\(second),\(second)]"
                #expect(CoderComparison.decoded([Pair].self, Array(text.utf8)) == nil, "\(text)")
                #expect(CoderComparison.fastDecodes([Pair].self, Data(text.utf8)), "\(text)")
            }
        }
    }

    /// Writes `keys` in order, each with its index as the value.
    struct Keys: Encodable {
        let keys: [String]
        typealias Key = AnyJSON.Key
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (index, key) in keys.enumerated() { try container.encode(index, forKey: Key(stringValue: key)) }
        }
    }

    @Test func aKeyEncodedTwiceIsFoundationsWhateverItsSpelling() {
        // Keys sharing a mark but different: written by the library.
        for keys in [["ab", "ac"], ["a", "b", "ab", "ba"], ["name", "note", "nope"]] {
            #expect(CoderComparison.encoded(Keys(keys: keys)) == nil, "\(keys)")
            #expect(CoderComparison.fastEncodes(Keys(keys: keys)), "\(keys)")
        }
        // Duplicates as Swift strings compare them: Foundation's (its last value wins).
        for keys in [["a", "b", "a"], ["K", "\u{212A}"], ["\u{212A}", "K"], ["é", "e\u{301}"], ["x", "e\u{301}", "é"]] {
            #expect(CoderComparison.encoded(Keys(keys: keys)) == nil, "\(keys)")
            #expect(!CoderComparison.fastEncodes(Keys(keys: keys)), "\(keys)")
        }
    }
}
