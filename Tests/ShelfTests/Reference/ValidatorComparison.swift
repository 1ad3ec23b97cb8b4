import Foundation
@testable import Shelf
@testable import ShelfCore

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

/// Runs the validator over the same bytes cut two ways: as the test says, and one byte at a time.
/// Fed single bytes it never reaches `scan` (the vector path needs 64 bytes of a chunk) nor the
/// eight-byte string skip: it is then the byte-at-a-time `step` alone, the path every error is
/// reported from, so every shortcut is held to it (verdict, error position and message, events).
/// `step` itself is held to JSONTestSuite's verdicts (JSONValidatorDifferentialTests) and to the
/// exact messages of JSONValidatorTests.
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

    /// The shipped paths' outcome: token by token, or with the block path on (classified as
    /// shipped, and by every other kernel the processor runs); with the block path also as a caller that keeps counts but no
    /// events sees it (the block path then also runs directly inside the top-level array). The first that differs from the token path's, or it.
    static func shipped(_ bytes: [UInt8], _ pieces: [Range<Int>], mode: JSONValidator.Mode) -> ValidatorOutcome {
        var tokens = JSONValidator(mode: mode), blocks = JSONValidator(mode: mode)
        tokens.blockChoice = BlockPathChoice(fixed: false)
        blocks.blockChoice = BlockPathChoice(fixed: true)
        let outcome = run(tokens, bytes, pieces)
        let inBlocks = run(blocks, bytes, pieces)
        if inBlocks != outcome { return inBlocks }
        // Blocks classified by every other kernel this processor runs (SSE2 where a wide one ships).
        for kernel in BlockKernel.allCases where kernel != BlockKernel.widest && BlockKernel.runs(kernel) {
            var other = JSONValidator(mode: mode)
            other.blockChoice = BlockPathChoice(fixed: true, kernel: kernel)
            let inOtherBlocks = run(other, bytes, pieces)
            if inOtherBlocks != outcome { return inOtherBlocks }
        }
        var quiet = run(blocks, bytes, pieces, events: false)
        quiet.events = outcome.events
        return quiet
    }

    /// The byte-at-a-time path's outcome.
    static func reference(_ bytes: [UInt8], mode: JSONValidator.Mode) -> ValidatorOutcome {
        run(JSONValidator(mode: mode), bytes, bytes.indices.map { $0..<($0 + 1) })
    }

    static func run(_ validator: JSONValidator, _ bytes: [UInt8], _ pieces: [Range<Int>], events: Bool = true) -> ValidatorOutcome {
        var validator = validator
        var log = EventLog()
        let error: JSONSyntaxError? = bytes.withUnsafeBytes { raw in
            do throws(JSONSyntaxError) {
                for piece in pieces {
                    let chunk = UnsafeRawBufferPointer(rebasing: raw[piece])
                    if events { try validator.consume(chunk, events: &log) } else { try validator.consume(chunk) }
                }
                try validator.finish(events: &log)
                return nil
            } catch {
                return error
            }
        }
        return ValidatorOutcome(error: error, events: log.list, kind: validator.topLevelKind,
                                elements: validator.topLevelElementCount, values: validator.valueCount)
    }

    /// nil when both agree, else what each said.
    static func mismatch(_ bytes: [UInt8], cuts: [Int] = [], mode: JSONValidator.Mode = .single) -> String? {
        let expected = reference(bytes, mode: mode)
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
