import FoundationEssentials
import Testing
@testable import Shelf
@testable import shelf_bench

/// What a streaming coder could get wrong: numbers at their limits, every kind of string,
/// hand-written `encode(to:)`s that share, nest, repeat or skip containers, and settings it
/// hands to Foundation. Each is compared with Foundation.
@Suite struct CoderEdgeTests {
    @Test func numberTextsDecodeAsFoundationDoes() {
        var random = CoderValues(seed: 99)
        let digits = Array("0123456789".utf8)
        var texts = ["0", "-0", "1", "-1", "1.0", "1e2", "1E+2", "-0.0", "1e-400", "1e400", "0e5", "0.000e-9", "123456789012345678",
                     "1234567890123456789", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551615",
                     "18446744073709551616", "255", "256", "-128", "-129", "4.9e-324", "2.4703282292062328e-324", "1.7976931348623157e308",
                     "1.7976931348623159e308", "3.4028235e38", "3.4028236e38", "1.4e-45", "7e-46", "0.1", "0.30000000000000004",
                     "9007199254740993", "123456789012345.678", "1.00000000000000011102230246251565404236316680908203125"]
        for _ in 0..<(400 * CoderComparison.scale) {
            var text = random.next(4) == 0 ? "-" : ""
            let whole = 1 + random.next(22)
            text += String(decoding: (0..<whole).map { i in i == 0 && whole > 1 ? digits[1 + random.next(9)] : digits[random.next(10)] }, as: UTF8.self)
            if random.next(2) == 0 { text += "." + String(decoding: (0..<(1 + random.next(20))).map { _ in digits[random.next(10)] }, as: UTF8.self) }
            if random.next(3) == 0 { text += ["e", "E", "e-", "e+"][random.next(4)] + String(random.next(random.next(2) == 0 ? 30 : 400)) }
            texts.append(text)
        }
        for text in texts {
            let bytes = Array("[\(text)]".utf8)
            let checks = [CoderComparison.decoded([Double].self, bytes), CoderComparison.decoded([Float].self, bytes),
                          CoderComparison.decoded([Int].self, bytes), CoderComparison.decoded([Int8].self, bytes),
                          CoderComparison.decoded([UInt64].self, bytes), CoderComparison.decoded([UInt8].self, bytes)]
            for case let mismatch? in checks { Issue.record("\(text): \(mismatch)") }
            if let value = try? JSONDecoder().decode([Double].self, from: Data(bytes)),
               let ours = try? LibraryJSON.decode([Double].self, from: Data(bytes)), value[0].bitPattern != ours[0].bitPattern {
                Issue.record("\(text): \(value[0]) and \(ours[0]) differ in their bits")
            }
        }
    }

    @Test func floatingPointNumbersEncodeAsFoundationDoes() {
        var random = CoderValues(seed: 7)
        var doubles: [Double] = [0, -0.0, 1, -1, 0.1, 1e21, 1e22, 1e-7, 123456789, 1e16, 5e-324, .greatestFiniteMagnitude, 100, 2.5,
                                 // Whole numbers around 2^53, where Swift stops printing them as digits and ".0".
                                 9_007_199_254_740_991, -9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_994, -42, 1e15]
        var floats: [Float] = [0, -0.0, 1, 0.1, 3.4028235e38, 1e-45, 16777217, 1e7, 1e-5, 16_777_215, 16_777_216, -8_388_607, 33_554_432]
        for _ in 0..<(500 * CoderComparison.scale) {
            doubles.append(random.double())
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.bits()))
            if float.isFinite { floats.append(float) }
        }
        #expect(CoderComparison.encoded(doubles) == nil)
        #expect(CoderComparison.encoded(floats) == nil)
        #expect(CoderComparison.decoded([Double].self, Array(try! JSONEncoder().encode(doubles))) == nil)
        #expect(CoderComparison.decoded([Float].self, Array(try! JSONEncoder().encode(floats))) == nil)
        // Non-finite numbers: Foundation's error, through the hand-over.
        #expect(CoderComparison.encoded([Double.nan]) == nil)
        #expect(CoderComparison.encoded(Float.infinity) == nil)
    }

    @Test func everyCharacterEncodesAndDecodesAsFoundationDoes() {
        var strings = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        strings += ["é", "e\u{301}", "\u{2028}", "\u{FEFF}", "😀", "\u{10FFFF}", "a/b", "</", String(repeating: "x\"/", count: 40)]
        for encoder in CoderDifferentialTests.encoders().map(\.1) { #expect(CoderComparison.encoded(strings, encoder) == nil) }
        let escapes = ["\\u0000", "\\ud83d\\ude00", "\\ud83d", "\\ude00", "\\ud83dx", "\\u00e9", "\\/", "\\b\\f\\n\\r\\t", "\\x", "\\u12",
                       "\\uD800\\uDBFF", "\u{7F}", "\t", "\u{1}"]
        for escape in escapes {
            #expect(CoderComparison.decoded([String].self, Array("[\"a\(escape)b\"]".utf8)) == nil, "\(escape)")
        }
        for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0xC3, 0xA9]] {
            #expect(CoderComparison.decoded([String].self, Array("[\"".utf8) + bytes + Array("\"]".utf8)) == nil, "\(bytes)")
        }
    }

    @Test func handWrittenCodingAgreesWithFoundation() {
        #expect(CoderComparison.encoded(Sub(a: 1, b: 2)) == nil)
        #expect(CoderComparison.fastEncodes(Sub(a: 1, b: 2)))
        #expect(CoderComparison.encoded(Interleaved()) == nil)
        #expect(CoderComparison.encoded(RepeatedKey()) == nil)
        #expect(!CoderComparison.fastEncodes(RepeatedKey()))
        #expect(CoderComparison.encoded(Nothing()) == nil)
        #expect(CoderComparison.encoded([Nothing()]) == nil)
        #expect(CoderComparison.encoded(Nested()) == nil)
        #expect(CoderComparison.fastEncodes(Nested()))
        #expect(CoderComparison.encoded(Decimal(string: "12.5")!) == nil)
        #expect(CoderComparison.encoded(["a": 1, "b": 2], { let e = JSONEncoder(); e.outputFormatting = .prettyPrinted; return e }()) == nil)
        for top in ["1", "\"x\"", "null", "true", " [1] ", "{}", "[]", "{\"a\":1,\"a\":2}", "{\"é\":1,\"e\u{301}\":2}"] {
            #expect(CoderComparison.decoded(AnyJSON.self, Array(top.utf8), sameErrors: false) == nil, "\(top)")
        }
        #expect(CoderComparison.decoded([String: Int].self, Array("{\"a\":1,\"a\":2}".utf8)) == nil)
        #expect(CoderComparison.decoded(Defaulted.self, Array("{\"value\":\"1.5\"}".utf8)) == nil)
        #expect(CoderComparison.decoded(Defaulted.self, Array("{\"value\":1.0}".utf8)) == nil)
        #expect(CoderComparison.decoded(Decimal.self, Array("12.50".utf8)) == nil)
        #expect(CoderComparison.decoded(Kelvin.self, Array("{\"K\":1}".utf8)) == nil)
    }

    final class Base: Encodable {
        var a = 1
        enum Keys: CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(a, forKey: .a)
        }
    }

    final class Sub: Encodable {
        let base = Base()
        var b: Int
        enum Keys: CodingKey { case b }
        init(a: Int, b: Int) {
            base.a = a
            self.b = b
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(b, forKey: .b)
            try base.encode(to: encoder)
        }
    }

    /// Writes to a parent after opening a nested container, then to the nested one.
    struct Interleaved: Encodable {
        enum Keys: CodingKey { case a, b, x }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            var n = c.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try c.encode(1, forKey: .b)
            try n.encode(2, forKey: .x)
        }
    }

    struct RepeatedKey: Encodable {
        enum Keys: CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(1, forKey: .a)
            try c.encode(2, forKey: .a)
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Nested: Encodable {
        enum Keys: CodingKey { case a, b, c }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            var n = c.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try n.encode("x", forKey: .c)
            var u = c.nestedUnkeyedContainer(forKey: .b)
            try u.encode(1)
            var inner = u.nestedUnkeyedContainer()
            try inner.encode(true)
            try c.encode([1.5], forKey: .c)
        }
    }

    /// A decoder error caught by the value's own `init(from:)`.
    struct Defaulted: Decodable, Equatable {
        var value: Int
        enum Keys: CodingKey { case value }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            value = (try? c.decode(Int.self, forKey: .value)) ?? -1
        }
    }

    /// A key Swift's strings call equal to "K" (KELVIN SIGN, canonically equivalent).
    struct Kelvin: Decodable, Equatable {
        var value: Int
        enum CodingKeys: String, CodingKey { case value = "\u{212A}" }
    }
}
