import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

// The walk-through of docs/library.md, verbatim (a test below checks that it stays so).
// BEGIN WALKTHROUGH
struct Recipe: Codable, Identifiable, Equatable, JSONFolderSyncable {
    var id: Int
    var title: String
}

func recipesWalkthrough(store: Store) throws -> SynchronizeResult<Recipe> {
    // One value in one file; save returns where it went.
    let soup = Recipe(id: 1, title: "Soup")
    let url = try store.save(soup, to: .documents, as: "recipes/favourite.json")
    assert(url.lastPathComponent == "favourite.json")
    let favourite = try store.retrieve("recipes/favourite.json", from: .documents, as: Recipe.self)
    assert(favourite == soup)

    // A list kept as one file per recipe: recipes/all/1.json, recipes/all/2.json.
    let folder = try JSONFolder("recipes/all", in: .documents, store: store)
    try [soup, Recipe(id: 2, title: "Bread")].synchronize(in: folder)

    // Bread is gone and soup changed: 2.json is removed, 1.json rewritten.
    let result = try [Recipe(id: 1, title: "Soup, spicy")].synchronize(in: folder)
    assert(result.added.map(\.title) == ["Soup, spicy"])
    assert(Set(result.removed.map(\.title)) == ["Soup", "Bread"])
    return result
}

func storageWalkthrough() throws -> Recipe {
    let storage = CodableStorage(storage: MemoryStorage())
    try storage.save(Recipe(id: 3, title: "Pie"), for: "recipes/3.json")
    let pie: Recipe = try storage.fetch(for: "recipes/3.json")
    return pie
}

// In async code Swift picks the async variants, which run the blocking work off the pool.
func storageWalkthroughAsync(storage: CodableStorage) async throws -> Recipe {
    try await storage.save(Recipe(id: 4, title: "Tart"), for: "recipes/4.json")
    let tart: Recipe = try await storage.fetch(for: "recipes/4.json")
    return tart
}
// END WALKTHROUGH

/// Disk-style calls as a ported app would make them. Compiled, never run: they write to the real
/// home of whoever runs the tests.
func diskStyleCallsCompile(_ messages: [Message]) throws {
    try Disk.save(messages, to: .caches, as: "messages.json")
    let _: [Message] = try Disk.retrieve("messages.json", from: .caches, as: [Message].self)
    let url: URL = try Disk.save(Data(), to: .temporary, as: "blob")
    _ = Disk.exists("messages.json", in: .caches) && Disk.isFolder(url)
    try Disk.remove("messages.json", from: .caches)
}

@Suite struct DocsWalkthroughTests {
    let home = TestHome()

    @Test func recipesWalkthroughRuns() throws {
        let result = try recipesWalkthrough(store: home.store(app: "recipes"))
        #expect(result.added == [Recipe(id: 1, title: "Soup, spicy")])
        #expect(home.exists("docs/recipes/recipes/favourite.json"))
        #expect(home.exists("docs/recipes/recipes/all/1.json") && !home.exists("docs/recipes/recipes/all/2.json"))
    }

    @Test func storageWalkthroughRuns() async throws {
        #expect(try storageWalkthrough() == Recipe(id: 3, title: "Pie"))
        let storage = CodableStorage(storage: try DiskStorage(directory: .caches, store: try home.store()))
        #expect(try await storageWalkthroughAsync(storage: storage) == Recipe(id: 4, title: "Tart"))
        #expect(home.exists("cache/shelf/recipes/4.json"))
    }

    /// Every Swift block marked `<!-- walkthrough -->` in docs/library.md is in this file as is.
    @Test func documentedCodeIsTheCodeThatRuns() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let marker = "<!-- walkthrough -->\n```swift\n"
        let blocks = doc.components(separatedBy: marker).dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count == 2)
        for block in blocks {
            #expect(source.contains(block), "docs/library.md block not found verbatim in \(here.lastPathComponent)")
        }
    }
}
