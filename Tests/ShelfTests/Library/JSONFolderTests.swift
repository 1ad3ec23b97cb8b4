import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

struct Note: Codable, Identifiable, Equatable, JSONFolderSyncable {
    var id: Int
    var text: String
}

struct Tag: Codable, Identifiable, Hashable, JSONFolderSyncable {
    var id: String
}

@Suite struct JSONFolderTests {
    let home = TestHome()

    func folder(_ path: String = "notes") throws -> JSONFolder {
        try JSONFolder(path, in: .documents, store: home.store())
    }

    @Test func codableIdentifiableValuesSyncToOneFileEach() throws {
        let folder = try folder()
        let result = try [Note(id: 1, text: "a"), Note(id: 2, text: "b/c")].synchronize(in: folder)
        #expect(result.added.map(\.id) == [1, 2] && result.removed.isEmpty)
        #expect(home.read("docs/shelf/notes/1.json") == "{\n  \"id\" : 1,\n  \"text\" : \"a\"\n}")
        #expect(home.read("docs/shelf/notes/2.json")?.contains("\"b/c\"") == true)
        #expect(try folder.files().map(\.id) == ["1", "2"])
    }

    @Test func unchangedFilesKeepTheirModificationTime() throws {
        let folder = try folder()
        try [Note(id: 1, text: "a")].synchronize(in: folder)
        home.setModified("docs/shelf/notes/1.json", to: 1000)
        let again = try [Note(id: 1, text: "a")].synchronize(in: folder)
        #expect(again.added.isEmpty && again.removed.isEmpty)
        #expect(home.modified("docs/shelf/notes/1.json") == 1000)
        try folder.write(Note(id: 1, text: "a"), id: "1")
        #expect(home.modified("docs/shelf/notes/1.json") == 1000)
    }

    @Test func changedAndGoneValuesAreRewrittenAndRemoved() throws {
        let folder = try folder()
        try [Note(id: 1, text: "a"), Note(id: 2, text: "b")].synchronize(in: folder)
        let result = try [Note(id: 1, text: "A")].synchronize(in: folder)
        #expect(result.added == [Note(id: 1, text: "A")])
        #expect(Set(result.removed.map(\.text)) == ["a", "b"])
        #expect(try folder.files().map(\.id) == ["1"])
        #expect(home.read("docs/shelf/notes/1.json")?.contains("\"A\"") == true)
    }

    @Test func otherFilesInTheFolderAreLeftAlone() throws {
        let folder = try folder()
        try home.write("docs/shelf/notes/readme.txt", "keep")
        try home.write("docs/shelf/notes/.hidden.json", "{}")
        try home.write("docs/shelf/notes/sub/9.json", "{\"id\":9,\"text\":\"\"}")
        try home.write("docs/shelf/notes/broken.json", "{not json")
        try home.write("docs/shelf/notes/7.json", "{\"id\":8,\"text\":\"name does not match\"}")
        try home.write("docs/shelf/notes/tag.json", "{\"id\":\"tag\"}")
        try [Note(id: 1, text: "a")].synchronize(in: folder)
        for kept in ["readme.txt", ".hidden.json", "sub/9.json", "broken.json", "7.json", "tag.json"] {
            #expect(home.exists("docs/shelf/notes/" + kept), "\(kept)")
        }
        #expect(try Set(folder.files().map(\.id)) == ["1", "7", "broken", "tag"])
    }

    @Test func duplicateOrUnsafeIdsChangeNothing() throws {
        let folder = try folder("tags")
        try [Tag(id: "keep")].synchronize(in: folder)
        for bad in [[Tag(id: "a"), Tag(id: "a")], [Tag(id: "../x")], [Tag(id: "a/b")], [Tag(id: ".hidden")], [Tag(id: "")],
                    [Tag(id: ".shelf-x")], [Tag(id: "line\nbreak")], [Tag(id: String(repeating: "x", count: 251))]] {
            #expect {
                try bad.synchronize(in: folder)
            } throws: { error in
                guard case ShelfError.invalidInput(let path, let reason) = error else { return false }
                return path == home.path("docs/shelf/tags") && reason.hasPrefix("element ")
            }
        }
        #expect(try folder.files().map(\.id) == ["keep"])
        #expect(throws: ShelfError.self) { try folder.write(Data("{}".utf8), id: "../x") }
    }

    @Test func removeDeletesOnlyAnUnchangedFile() throws {
        let folder = try folder()
        try [Note(id: 1, text: "a")].synchronize(in: folder)
        let listed = try #require(try folder.files().first)
        try home.write("docs/shelf/notes/1.json", "{\"id\":1,\"text\":\"changed meanwhile\"}")
        #expect(try !folder.remove(listed))
        #expect(home.exists("docs/shelf/notes/1.json"))
        let current = try #require(try folder.files().first)
        #expect(try folder.remove(current))
        #expect(!home.exists("docs/shelf/notes/1.json"))
        #expect(try !folder.remove(current))
    }

    @Test func missingFolderHoldsNothingAndIsCreatedOnWrite() throws {
        let folder = try folder("a/b")
        #expect(try folder.files().isEmpty)
        try [Tag(id: "x")].add(to: folder)
        #expect(home.exists("docs/shelf/a/b/x.json"))
    }

    @Test func aFileWhereTheFolderShouldBeIsAnError() throws {
        try home.write("docs/shelf/notes", "a file")
        #expect(throws: ShelfError.notAFolder(path: home.path("docs/shelf/notes"))) { try folder().files() }
        #expect(throws: ShelfError.self) { try JSONFolder("../x", in: .documents, store: home.store()) }
    }

    @Test func customEncoderAndDecoderAreUsed() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let folder = try JSONFolder("compact", in: .caches, store: home.store(), encoder: encoder)
        try [Note(id: 5, text: "x")].synchronize(in: folder)
        #expect(home.read("cache/shelf/compact/5.json") == "{\"id\":5,\"text\":\"x\"}")
        let file = try #require(try folder.files().first)
        #expect(try file.decode(Note.self) == Note(id: 5, text: "x"))
        #expect(throws: ShelfError.self) { try file.decode([Int].self) }
    }

    @Test func processEnvironmentFolderUsesTheDefaultStore() throws {
        let folder = try JSONFolder("x", in: .caches)
        #expect(folder.store.locations.environment == ProcessInfo.processInfo.environment)
        #expect(JSONFolder.fileName(for: "7") == "7.json")
    }
}
