import FoundationEssentials
import Testing
@testable import Shelf
@testable import shelf_bench

/// Store's Codable calls go through the library's coder: what they write is its bytes, members
/// in declaration order every time (Foundation's order is its hash table's, different from run
/// to run), and what they read back is the value Foundation reads.
@Suite struct StoreCoderTests {
    let home = TestHome()

    struct Eight: Codable, Equatable {
        var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8
    }

    @Test func saveWritesMembersInDeclarationOrder() throws {
        let store = try home.store()
        try store.save(Eight(), to: .caches, as: "eight.json")
        try store.append(Eight(), to: "list.json", in: .caches)
        #expect(home.read("cache/shelf/eight.json") == #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8}"#)
        #expect(home.read("cache/shelf/list.json") == #"[{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8}]"#)
    }

    @Test func retrieveGivesFoundationsValuesAndErrors() throws {
        let store = try home.store()
        var random = CoderValues(seed: 5)
        let records = (0..<50).map { _ in random.nested() }
        try store.save(records, to: .caches, as: "nested.json")
        let bytes = try store.retrieve("nested.json", from: .caches, as: Data.self)
        #expect(try store.retrieve("nested.json", from: .caches, as: [NestedRecord].self) == JSONDecoder().decode([NestedRecord].self, from: bytes))
        #expect(CoderComparison.fastDecodes([NestedRecord].self, bytes))
        // A broken file: the error names the same place as Foundation's.
        try store.save(Data(#"[{"id":1}]"#.utf8), to: .caches, as: "broken.json")
        #expect {
            try store.retrieve("broken.json", from: .caches, as: [NestedRecord].self)
        } throws: { error in
            guard case ShelfError.deserialization(_, let reason) = error else { return false }
            return reason.contains("missing key 'title' at $[0]")
        }
    }
}
