import FoundationEssentials
import Shelf

/// The library's Codable coder (issue 25, part 2) against Foundation's, in this process, on
/// each record shape of `CoderShape` at 1,000 and 100,000 records: decode from bytes in memory,
/// encode to bytes in memory; and `Store.retrieve` of 100,000 nested records, file read
/// included, against Foundation's decode alone of the same bytes already in memory.
extension Cases {
    static let coderCounts = [1_000, 100_000]

    static func coder(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        var cases: [Benchmark] = []
        for shape in CoderShape.allCases {
            for count in coderCounts {
                cases.append(coderCase(shape, count, decode: true, scale))
                cases.append(coderCase(shape, count, decode: false, scale))
            }
        }
        return cases + [coderRetrieve(w, scale)]
    }

    /// The records of `shape` as Foundation encodes them, and a closure per side that decodes
    /// or encodes them and checks the result (outside the timed part only on the last run).
    final class CoderHeld: @unchecked Sendable {
        var bytes = Data()
        var decodeFoundation: () throws -> Void = {}
        var decodeLibrary: () throws -> Void = {}
        var encodeFoundation: () throws -> Void = {}
        var encodeLibrary: () throws -> Void = {}
        var check: () throws -> String? = { nil }

        func fill<T: Codable & Equatable>(_ records: [T]) throws {
            let data = try JSONEncoder().encode(records)
            bytes = data
            decodeFoundation = { _ = try JSONDecoder().decode([T].self, from: data) }
            decodeLibrary = { _ = try LibraryJSON.decode([T].self, from: data) }
            encodeFoundation = { _ = try JSONEncoder().encode(records) }
            encodeLibrary = { _ = try LibraryJSON.encode(records) }
            check = {
                guard try LibraryJSON.decode([T].self, from: data) == records else { throw BenchError("the library decoded other records") }
                let sorted = JSONEncoder()
                sorted.outputFormatting = .sortedKeys
                guard try LibraryJSON.encode(records, like: sorted) == sorted.encode(records) else {
                    throw BenchError("the library's bytes differ from JSONEncoder's (sorted keys)")
                }
                return "\(Scale.bytes(data.count)) of JSON; same values and (sorted) bytes as Foundation's"
            }
        }

        func clear() {
            bytes = Data()
            (decodeFoundation, decodeLibrary, encodeFoundation, encodeLibrary) = ({}, {}, {}, {})
            check = { nil }
        }

        func fill(_ shape: CoderShape, _ count: Int) throws {
            var random = CoderValues(seed: 2026)
            switch shape {
            case .flat: try fill((0..<count).map { _ in random.flat() })
            case .nested: try fill((0..<count).map { _ in random.nested() })
            case .dictionary: try fill((0..<count).map { _ in random.dictionary() })
            case .foundation: try fill((0..<count).map { _ in random.foundation() })
            }
        }
    }

    private static func coderCase(_ shape: CoderShape, _ count: Int, decode: Bool, _ scale: Scale) -> Benchmark {
        let held = CoderHeld()
        let name = "coder \(decode ? "decode" : "encode") of \(Scale.count(count)) \(shape.label)"
        let repetitions = count >= 100_000 ? (scale.quick ? 2 : 5) : (scale.quick ? 10 : 30)
        return .library(LibraryCase(
            name: name,
            baseline: .init(label: decode ? "JSONDecoder" : "JSONEncoder") { _ in
                try decode ? held.decodeFoundation() : held.encodeFoundation()
            },
            target: .fasterBy(decode ? 5 : 3), repetitions: repetitions,
            setUp: { try held.fill(shape, count) },
            shelf: .init(label: decode ? "LibraryJSON.decode" : "LibraryJSON.encode") { _ in
                try decode ? held.decodeLibrary() : held.encodeLibrary()
            },
            check: { try held.check() },
            tearDown: { held.clear() }))
    }

    private static func coderRetrieve(_ w: Workspace, _ scale: Scale) -> Benchmark {
        let count = 100_000, name = "coder-retrieve.json", held = CoderHeld(), library = Held()
        var records: [NestedRecord] = []
        return .library(LibraryCase(
            name: "library retrieve of \(Scale.count(count)) nested records",
            baseline: .init(label: "JSONDecoder alone, bytes in memory") { _ in try held.decodeFoundation() },
            target: .atMost(1.0), repetitions: scale.quick ? 2 : 5,
            setUp: {
                var random = CoderValues(seed: 2026)
                records = (0..<count).map { _ in random.nested() }
                try held.fill(records)
                library.store = try libraryStore(w)
                try library.stored().save(records, to: .caches, as: name)
            },
            shelf: .init(label: "Store.retrieve") { _ in
                _ = try library.stored().retrieve(name, from: .caches, as: [NestedRecord].self)
            },
            check: {
                guard try library.stored().retrieve(name, from: .caches, as: [NestedRecord].self) == records else {
                    throw BenchError("the retrieved records differ from those saved")
                }
                return "\(Scale.bytes(held.bytes.count)) file"
            },
            tearDown: {
                records = []
                try? library.store?.remove(name, from: .caches)
            }))
    }
}
