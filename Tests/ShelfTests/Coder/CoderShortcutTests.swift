import FoundationEssentials
import Testing
@testable import Shelf

/// The decoder's ninth-round shortcuts, each against Foundation with the library's own decoder
/// giving the result: the byte compare of keys, the parser's short keys, the path kept in a
/// buffer of its own, and the decoder's table of types by slot; and `[String: V]`'s first of
/// equal keys and its members' own errors (a way of filling it was tried this round).
@Suite struct CoderShortcutTests {
    /// Every length up to 40 bytes, equal and differing at each byte in turn.
    @Test func keyBytesAreEqualOnlyWhereEveryByteIs() {
        for length in 0...40 {
            let a = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 &+ $0 &* 7) }
            a.withUnsafeBufferPointer { x in
                let copy = Array(a)
                copy.withUnsafeBufferPointer { y in #expect(TapeDecoder.same(x, y), "length \(length)") }
                for position in 0..<length {
                    var b = a
                    b[position] ^= 0x20
                    b.withUnsafeBufferPointer { y in #expect(!TapeDecoder.same(x, y), "length \(length), byte \(position)") }
                }
            }
        }
    }

    /// A key of each length from 1 to 20 read from objects where a member of the same length and
    /// first byte differs from it in one other byte: only the equal member may be taken.
    struct Named: Decodable, Equatable {
        let values: [Int]

        /// String keys of any spelling (AnyJSON's).
        typealias Key = AnyJSON.Key

        static func name(_ length: Int) -> String { String(repeating: "k", count: length - 1) + "\(length % 10)" }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            values = try (1...20).map { try container.decodeIfPresent(Int.self, forKey: Key(stringValue: Self.name($0))) ?? -1 }
        }
    }

    @Test func keysOfEveryLengthFindOnlyTheirOwnMember() {
        for length in 1...20 {
            var decoy = Array(Named.name(length).utf8)
            decoy[decoy.count - 1] = UInt8(ascii: "x")
            let decoyName = String(decoding: decoy, as: UTF8.self)
            for text in ["{\"\(decoyName)\":1,\"\(Named.name(length))\":2}", "{\"\(Named.name(length))\":2,\"\(decoyName)\":1}",
                         "{\"\(decoyName)\":1}"] {
                #expect(CoderComparison.decoded(Named.self, Array(text.utf8)) == nil, "\(text)")
                #expect(CoderComparison.fastDecodes(Named.self, Data(text.utf8)), "\(text)")
            }
        }
    }

    /// A value that throws an error of its own (not a `DecodingError` the decoder makes) for a
    /// negative number.
    struct Refused: Error {}
    struct NonNegative: Decodable, Equatable {
        let value: Int
        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(Int.self)
            if value < 0 { throw Refused() }
        }
    }

    @Test func dictionariesKeepTheFirstOfEqualKeysAndThrowTheirMembersErrors() {
        let texts = ["{\"a\":1,\"b\":2,\"a\":3}", "{\"a\":1,\"a\":2,\"a\":3,\"b\":4}", "{\"é\":1,\"e\\u0301\":2}", "{}", "{\"a\":-1}",
                     "{\"a\":1,\"b\":-2,\"c\":3}", "{\"a\":1,\"b\":2,\"c\":-3}", "{\"a\":1,\"a\":-1}", "{\"a\":1,\"b\":\"x\"}"]
        for text in texts {
            #expect(CoderComparison.decoded([String: NonNegative].self, Array(text.utf8)) == nil, "\(text)")
            #expect(CoderComparison.decoded([String: Int].self, Array(text.utf8)) == nil, "\(text)")
            #expect(CoderComparison.decoded([String: [String: Int]].self, Array("{\"m\":\(text)}".utf8)) == nil, "\(text)")
        }
        // The library decodes these itself: the first of equal keys is its own choice. (Where a
        // member throws, the library's decode fails and the error is Foundation's; one the library
        // lost would have left it a value where Foundation throws, which the comparisons above see.)
        #expect(CoderComparison.fastDecodes([String: Int].self, Data("{\"a\":1,\"b\":2,\"a\":3}".utf8)))
        #expect(CoderComparison.fastDecodes([String: NonNegative].self, Data("{\"a\":1,\"b\":2,\"a\":3}".utf8)))
    }

    /// Arrays nested as deep as the decoder's `userInfo` says, read level by level; at the
    /// bottom, numbers that record the decoder's path (or throw for a negative one).
    struct PathAtLeaf: Decodable, Equatable {
        static let depth = CodingUserInfoKey(rawValue: "depth")!
        let path: String

        init(from decoder: any Decoder) throws {
            let depth = decoder.userInfo[Self.depth] as? Int ?? 0
            if decoder.codingPath.count < depth {
                var container = try decoder.unkeyedContainer()
                var paths: [String] = []
                while !container.isAtEnd { paths.append(try container.decode(PathAtLeaf.self).path) }
                path = paths.joined(separator: ",")
            } else {
                let value = try decoder.singleValueContainer().decode(Int.self)
                if value < 0 { throw Refused() }
                path = CoderPathTests.text(decoder.codingPath)
            }
        }
    }

    static func decoder(depth: Int) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[PathAtLeaf.depth] = depth
        return decoder
    }

    @Test func pathsDeeperThanTheFirstBufferAreWhole() {
        for depth in [1, 15, 16, 17, 40, 100] {
            let open = String(repeating: "[", count: depth), close = String(repeating: "]", count: depth)
            for leaf in ["[2,3]", "[2,-1]", "[{\"a\":[4]}]", "[5,\"x\"]"] {
                let text = open + leaf + close
                #expect(CoderComparison.decoded(PathAtLeaf.self, Array(text.utf8), Self.decoder(depth: depth + 1)) == nil, "depth \(depth): \(leaf)")
                #expect(CoderComparison.decoded([String: PathAtLeaf].self, Array("{\"m\":\(text)}".utf8), Self.decoder(depth: depth + 2)) == nil,
                        "depth \(depth): \(leaf)")
            }
            let text = open + "[7,8]" + close
            #expect(CoderComparison.fastDecodes(PathAtLeaf.self, Data(text.utf8), Self.decoder(depth: depth + 1)), "depth \(depth)")
        }
    }

    /// Twenty collection and scalar types in one value: more than the decoder's table of types
    /// holds, and types whose slots collide; each must be read as what it is.
    struct ManyTypes: Codable, Equatable {
        var a: [Int] = [1], b: [String] = ["b"], c: [Double] = [0.5], d: [Bool] = [true], e: [String: Int] = ["e": 1]
        var f: [String: String] = ["f": "F"], g: [String: Double] = ["g": 2.5], h: [String: Bool] = ["h": false]
        var i: [[Int]] = [[1, 2], []], j: [Int8] = [-8], k: [UInt16] = [16], l: [Int64] = [64], m: [Float] = [1.5]
        var n: [String: [Int]] = ["n": [3]], o: [[String: Int]] = [["o": 4]], p: Set<Int> = [5], q: [Int?] = [nil, 6]
        var r: [String: Int8] = ["r": 7], s: [UInt8] = [8], t: Int32 = 9, u: Data = Data([1, 2, 3]), v: Date = Date(timeIntervalSinceReferenceDate: 10)
    }

    @Test func manyCollectionTypesInOneDecodeAreEachReadAsThemselves() throws {
        let value = ManyTypes()
        let data = try JSONEncoder().encode([value, value, value])
        #expect(CoderComparison.decoded([ManyTypes].self, Array(data)) == nil)
        #expect(CoderComparison.fastDecodes([ManyTypes].self, data))
        #expect(try LibraryJSON.decode([ManyTypes].self, from: data) == [value, value, value])
        // The same object with a member of the wrong kind put first under each key in turn (the
        // first of equal keys is the one read).
        let text = try JSONEncoder().encode(value)
        for key in Mirror(reflecting: value).children.compactMap(\.label) {
            let broken = Array("[{\"\(key)\":{\"wrong\":\"kind\"},".utf8) + text.dropFirst() + Array("]".utf8)
            #expect(CoderComparison.decoded([ManyTypes].self, broken) == nil, "\(key)")
        }
    }

    /// Object keys of every length up to twelve bytes, with an escape, a control character, a
    /// non-ASCII letter or a quote in each place in turn, and keys near the text's end: the
    /// parser takes a key at once only where its closing quote is the first byte needing a look.
    @Test func keysWithAnySpecialByteAnywhereAreParsedWhole() {
        for length in 0...12 {
            let plain = String(repeating: "k", count: length)
            var keys = [plain]
            for position in 0...length {
                for special in ["\\\"", "\\n", "\\u0041", "é", "\u{1}", "\""] {
                    var key = Array(plain)
                    key.insert(contentsOf: special, at: position)
                    keys.append(String(key))
                }
            }
            for key in keys {
                for text in ["{\"\(key)\":1,\"z\":2}", "{\"z\":2,\"\(key)\":1}", "{\"\(key)\":1}", "[{\"\(key)\":1}]", "{\"\(key)\""] {
                    #expect(CoderComparison.decoded([String: Int].self, Array(text.utf8)) == nil, "\(text)")
                    #expect(CoderComparison.decoded([[String: Int]].self, Array(text.utf8)) == nil, "\(text)")
                    // Valid text is the library's own to decode (a misparse would leave it to Foundation).
                    if (try? JSONDecoder().decode([String: Int].self, from: Data(text.utf8))) != nil {
                        #expect(CoderComparison.fastDecodes([String: Int].self, Data(text.utf8)), "\(text)")
                    }
                }
            }
        }
    }
}
