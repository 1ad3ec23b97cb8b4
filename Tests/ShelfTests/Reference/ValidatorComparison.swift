import Foundation
@testable import Shelf

/// Everything a validator run decides: the error (position and message), the events, the counts.
struct ValidatorOutcome: Equatable, CustomStringConvertible {
    var error: JSONSyntaxError?
    var events: [String] = []
    var kind: JSONKind?
    var elements = 0
    var values = 0

    var description: String {
        let verdict = error.map { "error at \($0.offset) (line \($0.line), column \($0.column)): \($0.message)" } ?? "valid"
        return "\(verdict); kind \(String(describing: kind)), \(elements) elements, \(values) values, events \(events.prefix(8))…"
    }
}

/// Records the events in order, as text, so two runs compare with ==.
struct EventLog: JSONEventHandler {
    var list: [String] = []
    mutating func topLevelElementBegan(at offset: Int) { list.append("began \(offset)") }
    mutating func topLevelElementEnded(at offset: Int) { list.append("ended \(offset)") }
    mutating func lineValueEnded(at offset: Int) { list.append("line \(offset)") }
}

/// Runs the shipped validator and the scalar reference over the same bytes cut the same way.
enum ValidatorComparison {
    /// The chunk sizes that cut `count` bytes at the given offsets.
    static func chunks(_ count: Int, cuts: [Int]) -> [Range<Int>] {
        var ranges: [Range<Int>] = [], start = 0
        for cut in cuts.sorted() where cut > start && cut < count {
            ranges.append(start..<cut)
            start = cut
        }
        ranges.append(start..<count)
        return ranges
    }

    static func shipped(_ bytes: [UInt8], _ pieces: [Range<Int>], mode: JSONValidator.Mode) -> ValidatorOutcome {
        run(JSONValidator(mode: mode), bytes, pieces)
    }

    static func reference(_ bytes: [UInt8], _ pieces: [Range<Int>], mode: JSONValidator.Mode) -> ValidatorOutcome {
        run(ScalarJSONValidator(mode: mode == .single ? .single : .lines), bytes, pieces)
    }

    static func run<Validator: StreamingValidator>(_ validator: Validator, _ bytes: [UInt8], _ pieces: [Range<Int>]) -> ValidatorOutcome {
        var validator = validator
        var log = EventLog()
        let error: JSONSyntaxError? = bytes.withUnsafeBytes { raw in
            do throws(JSONSyntaxError) {
                for piece in pieces { try validator.consume(UnsafeRawBufferPointer(rebasing: raw[piece]), events: &log) }
                try validator.finish(events: &log)
                return nil
            } catch {
                return error
            }
        }
        return ValidatorOutcome(error: error, events: log.list, kind: validator.topLevelKind,
                                elements: validator.topLevelElementCount, values: validator.valueCount)
    }

    /// nil when both agree, else what each said. The reference runs in one piece: the
    /// scalar validator's own tests show its verdict does not depend on the cuts.
    static func mismatch(_ bytes: [UInt8], cuts: [Int] = [], mode: JSONValidator.Mode = .single) -> String? {
        let expected = reference(bytes, [0..<bytes.count], mode: mode)
        let actual = shipped(bytes, chunks(bytes.count, cuts: cuts), mode: mode)
        if actual == expected { return nil }
        let shown = String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
        return "cuts \(cuts), mode \(mode), \(bytes.count) bytes \(shown)\n  shipped:   \(actual)\n  reference: \(expected)"
    }

    /// The JSONTestSuite parsing files, name and bytes, in name order.
    static func suite() throws -> [(name: String, bytes: [UInt8])] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }
}

/// What the shipped validator and the reference have in common.
protocol StreamingValidator {
    var topLevelKind: JSONKind? { get }
    var topLevelElementCount: Int { get }
    var valueCount: Int { get }
    mutating func consume<Events: JSONEventHandler>(_ bytes: UnsafeRawBufferPointer, events: inout Events) throws(JSONSyntaxError)
    mutating func finish<Events: JSONEventHandler>(events: inout Events) throws(JSONSyntaxError)
}

extension JSONValidator: StreamingValidator {}
extension ScalarJSONValidator: StreamingValidator {}
