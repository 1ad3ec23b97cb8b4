import FoundationEssentials
import Testing
@testable import Shelf
@testable import shelf_bench

/// The decoder's direct paths, each against Foundation: strings unescaped straight into their
/// storage (escapes at every offset of the eight-byte copy), Base64 read from the tape (every
/// padding, non-canonical spellings Foundation decides on, `\/` and `\u` escapes in the text),
/// and keyed containers handed out again (recursive values, containers held while a nested
/// value of the same type is read, two containers of one object at once).
@Suite struct CoderDecodePathTests {
    @Test func escapesAtEveryOffsetDecodeAsFoundationDoes() {
        let escapes = ["\\\"", "\\\\", "\\/", "\\n", "\\u0000", "\\u00e9", "\\u20ac", "\\ud83d\\ude00", "é", "日", "😀"]
        var strings: [String] = []
        for escape in escapes {
            for before in 0..<17 {
                for after in [0, 1, 7, 8, 9, 20] {
                    strings.append(String(repeating: "a", count: before) + escape + String(repeating: "b", count: after) + escape)
                }
            }
        }
        let text = "[" + strings.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        #expect(CoderComparison.decoded([String].self, Array(text.utf8)) == nil)
        #expect(CoderComparison.fastDecodes([String].self, Data(text.utf8)))
    }

    @Test func base64DecodesAsFoundationDoes() {
        var random = CoderValues(seed: 64)
        var payloads: [Data] = []
        for count in 0..<40 { payloads.append(Data((0..<count).map { _ in UInt8(random.next(256)) })) }
        payloads.append(Data([0xFB, 0xFF, 0xBF]))  // "+/+/" once encoded
        let bytes = Array(try! JSONEncoder().encode(payloads))
        #expect(CoderComparison.decoded([Data].self, bytes) == nil)
        #expect(CoderComparison.fastDecodes([Data].self, Data(bytes)))
        // Spellings JSONEncoder never writes: the unused bits set, padding missing, misplaced or
        // too long, blanks, characters outside the alphabet, escaped letters.
        let texts = ["QR==", "QUJ=", "QUI=", "QQ==", "QQ", "QQ=", "Q===", "====", "=", "QQ==QQ==", "Q Q==", "QUJD\\n", "QU\\u0049=",
                     "\\/\\/\\/\\/", "\\/\\/\\/=", "\\/\\/==", "QUJ*", "QUJDRA", "QUJDRA==", "QUJDRA=", "", "A", "AB", "ABC", "ABCD"]
        for text in texts {
            #expect(CoderComparison.decoded([Data].self, Array("[\"\(text)\"]".utf8)) == nil, "\(text)")
        }
    }

    /// A tree whose nodes are read while their parent's container is held.
    final class Tree: Codable, Equatable {
        indirect enum Box: Codable, Equatable { case leaf(Int), node(Box, Box) }
        let name: String
        let children: [Tree]
        let first: Tree?
        let box: Box?

        init(name: String, children: [Tree], first: Tree?, box: Box?) {
            (self.name, self.children, self.first, self.box) = (name, children, first, box)
        }

        static func == (a: Tree, b: Tree) -> Bool {
            a.name == b.name && a.children == b.children && a.first == b.first && a.box == b.box
        }
    }

    /// Takes its object's container twice and reads a nested value of its own type in between.
    struct Twice: Decodable, Equatable {
        var a: Int
        var b: String
        var inner: [Twice]
        enum Keys: String, CodingKey { case a, b, inner }
        init(a: Int, b: String, inner: [Twice]) { (self.a, self.b, self.inner) = (a, b, inner) }
        init(from decoder: any Decoder) throws {
            let first = try decoder.container(keyedBy: Keys.self)
            inner = try first.decode([Twice].self, forKey: .inner)
            let second = try decoder.container(keyedBy: Keys.self)
            b = try second.decode(String.self, forKey: .b)
            a = try first.decode(Int.self, forKey: .a)
        }
    }

    @Test func keyedContainersHandedOutAgainReadTheirOwnObject() {
        var random = CoderValues(seed: 5)
        func tree(_ depth: Int) -> Tree {
            Tree(name: random.string(2), children: depth == 0 ? [] : (0..<random.next(3)).map { _ in tree(depth - 1) },
                 first: depth == 0 || random.next(2) == 0 ? nil : tree(depth - 1),
                 box: random.next(2) == 0 ? nil : .node(.leaf(random.next(9)), .node(.leaf(1), .leaf(2))))
        }
        let trees = (0..<30).map { _ in tree(4) }
        let bytes = Array(try! JSONEncoder().encode(trees))
        #expect(CoderComparison.decoded([Tree].self, bytes) == nil)
        #expect(CoderComparison.fastDecodes([Tree].self, Data(bytes)))
        let twice = "[{\"a\":1,\"b\":\"x\",\"inner\":[{\"inner\":[],\"b\":\"y\",\"a\":2},{\"a\":3,\"inner\":[{\"a\":4,\"b\":\"z\",\"inner\":[]}],\"b\":\"w\"}]}]"
        #expect(CoderComparison.decoded([Twice].self, Array(twice.utf8)) == nil)
        #expect(CoderComparison.fastDecodes([Twice].self, Data(twice.utf8)))
    }

    /// The decoder reads a node's kind by bit-casting the raw value the parser wrote
    /// (TapeNodes.kind): that holds only while each raw value is its case's stored form.
    @Test func aNodeKindsRawValueIsHowItIsStored() {
        #expect(MemoryLayout<JSONTape.Kind>.size == 1)
        for raw in UInt8(0)...9 {
            guard let kind = JSONTape.Kind(rawValue: raw) else { Issue.record("no kind \(raw)"); continue }
            #expect(unsafeBitCast(raw, to: JSONTape.Kind.self) == kind)
            #expect(unsafeBitCast(kind, to: UInt8.self) == raw)
        }
        #expect(JSONTape.Kind(rawValue: 10) == nil)
    }
}
