import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// Disk's `append` family on `Store` (and through `Disk`): O(item), Disk's results. (JSON under
/// any name: DiskDifferentialTests; a single stored value becoming the first element:
/// PersistibleTests.saveToFileTurnsASingleStoredValueIntoAList; `Data` to the next numbered file:
/// LibraryDataTests.dataReachingTheGenericMethodsIsStillStoredAsBytes; `retrieveElements`: the
/// command line's, RetrieveEachTests.)
@Suite struct LibraryAppendTests {
    let home = TestHome()
    let store: Store

    init() throws { store = try home.store() }

    @Test func appendingValuesBuildsAnArrayDiskCanRead() throws {
        let url = try store.append(Message(title: "1", body: "a"), to: "m/list.json", in: .documents)
        #expect(url.path == home.path("docs/shelf/m/list.json"))
        try store.append(Message(title: "2", body: "b"), to: "m/list.json", in: .documents)
        try store.append([Message(title: "3", body: "c"), Message(title: "4", body: "d")], to: "m/list.json", in: .documents)
        let list = try store.retrieve("m/list.json", from: .documents, as: [Message].self)
        #expect(list.map(\.title) == ["1", "2", "3", "4"])
    }

    /// The type check reads the stored file a few KiB at a time (not a whole read chunk): a first
    /// element spread over several of those pieces is still judged whole.
    @Test func theTypeCheckJudgesAFirstElementLongerThanItsPieces() throws {
        let long = Message(title: String(repeating: "é", count: 6000), body: String(repeating: "\"", count: 3000))
        try store.save([long], to: .caches, as: "long.json")
        try store.append(Message(title: "2", body: ""), to: "long.json", in: .caches)
        #expect(try store.retrieve("long.json", from: .caches, as: [Message].self).map(\.title.count) == [6000, 1])
        #expect(throws: ShelfError.self) { try store.append(5, to: "long.json", in: .caches) }
        #expect(try store.retrieve("long.json", from: .caches, as: [Message].self).count == 2)
    }

    /// Disk code that appends to `x.jsonl` reads it back as `[T]` (issue 26, item 4): the Codable
    /// append writes JSON under every name, as Disk; the bytes API keeps JSON Lines for them.
    @Test func jsonLinesNamesHoldAJSONArrayAsInDisk() throws {
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
        let messages = [Message(title: "t", body: "b"), Message(title: "u", body: "c")]
        try store.append(messages[0], to: "log.jsonl", in: .caches, encoder: pretty)
        try store.append([messages[1]], to: "log.jsonl", in: .caches, encoder: pretty)
        #expect(try store.retrieve("log.jsonl", from: .caches, as: [Message].self) == messages)
        var line = DataSource(Data("{\"title\":\"v\"}".utf8))
        try store.append(from: &line, to: "raw.jsonl", in: .caches)
        #expect(home.read("cache/shelf/raw.jsonl") == "{\"title\":\"v\"}\n")
    }

    @Test func errorsNameThePath() throws {
        try store.save(Data("{\"a\":".utf8), to: .caches, as: "broken")
        #expect(throws: ShelfError.self) { try store.append(1, to: "broken", in: .caches) }
        #expect(home.read("cache/shelf/broken") == "{\"a\":")
        try store.save([Data()], to: .caches, as: "folder")
        #expect(throws: ShelfError.isAFolder(path: home.path("cache/shelf/folder"))) { try store.append(1, to: "folder", in: .caches) }
        #expect(throws: ShelfError.self) { try store.append(1, to: "slash/", in: .caches) }
        #expect(!home.exists("cache/shelf/slash"))
    }

    @Test func concurrentTasksLoseNothing() async throws {
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<6 {
                group.addTask {
                    for i in 0..<10 { _ = try? store.append(task * 100 + i, to: "n.json", in: .temporary) }
                }
            }
        }
        #expect(Set(try store.retrieve("n.json", from: .temporary, as: [Int].self)).count == 60)
    }
}
