import FoundationEssentials
import Testing
@testable import Shelf
@testable import shelf_bench

/// The library's Codable coder against Foundation's on random values of the bench's shapes,
/// under each setting it implements: the same bytes, the same values back, the same outcome
/// on broken text. Each test also checks that the library's coder, not the hand-over to
/// Foundation, gave the answers for valid input (else the comparison would prove nothing).
@Suite struct CoderDifferentialTests {
    static func encoders() -> [(String, JSONEncoder)] {
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        let slashes = JSONEncoder()
        slashes.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var result = [("default", JSONEncoder()), ("sortedKeys", sorted), ("withoutEscapingSlashes", slashes)]
        for (name, date) in [("secondsSince1970", JSONEncoder.DateEncodingStrategy.secondsSince1970),
                             ("millisecondsSince1970", .millisecondsSince1970), ("iso8601", .iso8601)] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            encoder.dateEncodingStrategy = date
            encoder.dataEncodingStrategy = .deferredToData
            result.append((name, encoder))
        }
        return result
    }

    static func decoder(like encoder: JSONEncoder) -> JSONDecoder {
        let decoder = JSONDecoder()
        switch encoder.dateEncodingStrategy {
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        default: break
        }
        if case .deferredToData = encoder.dataEncodingStrategy { decoder.dataDecodingStrategy = .deferredToData }
        return decoder
    }

    /// Encodes `values` one by one and as one array with both coders, decodes Foundation's bytes
    /// with both; returns how many answers came from the library's own coder.
    static func compare<T: Codable & Equatable>(_ values: [T], _ label: String) -> Int {
        var fast = 0
        for (name, encoder) in encoders() {
            let decoder = decoder(like: encoder)
            for (index, value) in values.enumerated() {
                if let mismatch = CoderComparison.encoded(value, encoder) {
                    Issue.record("\(label) \(index), \(name): \(mismatch)")
                    return fast
                }
                guard let data = try? encoder.encode(value) else { continue }
                if let mismatch = CoderComparison.decoded(T.self, Array(data), decoder) {
                    Issue.record("\(label) \(index), \(name): \(mismatch)")
                    return fast
                }
                if CoderComparison.fastEncodes(value, encoder) { fast += 1 }
                if CoderComparison.fastDecodes(T.self, data, decoder) { fast += 1 }
            }
            if let mismatch = CoderComparison.encoded(values, encoder) { Issue.record("\(label) array, \(name): \(mismatch)") }
        }
        return fast
    }

    @Test(arguments: CoderShape.allCases)
    func randomValuesCodeAsFoundationDoes(_ shape: CoderShape) {
        var random = CoderValues(seed: UInt64(shape.rawValue.utf8.count) &* 104_729)
        let count = 120 * CoderComparison.scale
        let fast: Int, expected = count * 2 * Self.encoders().count
        switch shape {
        case .flat: fast = Self.compare((0..<count).map { _ in random.flat() }, "flat")
        case .nested: fast = Self.compare((0..<count).map { _ in random.nested() }, "nested")
        case .dictionary: fast = Self.compare((0..<count).map { _ in random.dictionary() }, "dictionary")
        case .foundation: fast = Self.compare((0..<count).map { _ in random.foundation() }, "foundation")
        }
        #expect(fast == expected)
    }

    /// Foundation's text for arrays of records, broken one to three bytes at a time, decoded by both.
    @Test(arguments: CoderShape.allCases)
    func brokenTextFailsAsFoundationDoes(_ shape: CoderShape) throws {
        var random = CoderValues(seed: UInt64(shape.rawValue.utf8.count) &* 7919)
        let alphabet = Array("\"\\{}[],: \n0-e.+Etfnu/a1".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        var records: [UInt8] = []
        switch shape {
        case .flat: records = Array(try JSONEncoder().encode((0..<4).map { _ in random.flat() }))
        case .nested: records = Array(try JSONEncoder().encode((0..<3).map { _ in random.nested() }))
        case .dictionary: records = Array(try JSONEncoder().encode((0..<4).map { _ in random.dictionary() }))
        case .foundation: records = Array(try JSONEncoder().encode((0..<4).map { _ in random.foundation() }))
        }
        for round in 0..<(250 * CoderComparison.scale) {
            let bytes = RandomEdits.apply(1 + random.next(3), to: records, alphabet: alphabet) { random.next($0) }
            let mismatch: String?
            switch shape {
            case .flat: mismatch = CoderComparison.decoded([FlatRecord].self, bytes)
            case .nested: mismatch = CoderComparison.decoded([NestedRecord].self, bytes)
            case .dictionary: mismatch = CoderComparison.decoded([[String: Int]].self, bytes)
            case .foundation: mismatch = CoderComparison.decoded([FoundationRecord].self, bytes)
            }
            if let mismatch {
                Issue.record("round \(round), \(String(decoding: bytes, as: UTF8.self).debugDescription): \(mismatch)")
                return
            }
            if let mismatch = CoderComparison.decoded(AnyJSON.self, bytes, sameErrors: false) {
                Issue.record("round \(round) as any JSON, \(String(decoding: bytes, as: UTF8.self).debugDescription): \(mismatch)")
                return
            }
        }
    }

    /// Every file of JSONTestSuite's parsing tests, as any JSON and as a few fixed types.
    @Test func jsonTestSuiteDecodesAsFoundationDoes() throws {
        var foundation = 0, fast = 0
        for file in try ValidatorComparison.suite() {
            let checks = [CoderComparison.decoded(AnyJSON.self, file.bytes, sameErrors: false), CoderComparison.decoded([AnyJSON].self, file.bytes, sameErrors: false),
                          CoderComparison.decoded([Int].self, file.bytes), CoderComparison.decoded([Double].self, file.bytes),
                          CoderComparison.decoded([Float].self, file.bytes), CoderComparison.decoded([String].self, file.bytes),
                          CoderComparison.decoded([String: Int].self, file.bytes), CoderComparison.decoded([UInt8].self, file.bytes)]
            for case let mismatch? in checks { Issue.record("\(file.name): \(mismatch)") }
            // Where Foundation reads a valid UTF-8 file as doubles or strings, the library's own
            // decoder must too (Foundation also takes UTF-16 and a trailing comma: handed over).
            let data = Data(file.bytes)
            guard file.name.hasPrefix("y_"), !file.name.contains("utf16") else { continue }
            if (try? JSONDecoder().decode([Double].self, from: data)) != nil {
                foundation += 1
                if CoderComparison.fastDecodes([Double].self, data) { fast += 1 } else { Issue.record("\(file.name) handed over as [Double]") }
            }
            if (try? JSONDecoder().decode([String].self, from: data)) != nil {
                foundation += 1
                if CoderComparison.fastDecodes([String].self, data) { fast += 1 } else { Issue.record("\(file.name) handed over as [String]") }
            }
        }
        #expect(foundation > 20 && fast == foundation)
    }
}
