import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// A small value like the ones Disk users store.
struct Message: Codable, Equatable, Hashable, Sendable {
    var title: String
    var body: String
    var read = false
}

@Suite struct LibraryCodableTests {
    let home = TestHome()
    let store: Store

    init() throws { store = try home.store() }

    @Test func codableRoundTripsInEveryDirectory() throws {
        let value = Message(title: "Hi", body: "There")
        for directory in Directory.standard + [.sharedContainer(appGroupName: "team")] {
            try store.save(value, to: directory, as: "sub/message.json")
            #expect(try store.retrieve("sub/message.json", from: directory, as: Message.self) == value)
        }
    }

    @Test func saveReturnsTheURLItWrote() throws {
        let url = try store.save(Message(title: "a", body: "b"), to: .documents, as: "m/a.json")
        #expect(url.path == home.path("docs/shelf/m/a.json"))
        #expect(home.read("docs/shelf/m/a.json")?.contains("\"title\"") == true)
    }

    @Test func arraysAndScalarsRoundTrip() throws {
        let list = [Message(title: "1", body: ""), Message(title: "2", body: "")]
        try store.save(list, to: .applicationSupport, as: "list.json")
        #expect(try store.retrieve("list.json", from: .applicationSupport, as: [Message].self) == list)
        try store.save(42, to: .applicationSupport, as: "n.json")
        #expect(try store.retrieve("n.json", from: .applicationSupport, as: Int.self) == 42)
    }

    @Test func customCodersAreUsed() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        try store.save(Stamp(at: Date(timeIntervalSince1970: 1000)), to: .caches, as: "s.json", encoder: encoder)
        #expect(home.read("cache/shelf/s.json") == "{\"at\":1000}")
        #expect(try store.retrieve("s.json", from: .caches, as: Stamp.self, decoder: decoder) == Stamp(at: Date(timeIntervalSince1970: 1000)))
    }

    @Test func unencodableValueIsSerializationErrorAndWritesNothing() throws {
        #expect {
            try store.save([Double.nan], to: .caches, as: "nan.json")
        } throws: { error in
            guard case ShelfError.serialization(let path, let reason) = error else { return false }
            return path == home.path("cache/shelf/nan.json") && reason.contains("$[0]")
        }
        #expect(!home.exists("cache/shelf/nan.json"))
    }

    @Test func wrongTypeIsDeserializationErrorNamingPathAndField() throws {
        try store.save(["title": "t", "body": 5] as [String: JSONValue], to: .caches, as: "m.json")
        #expect {
            try store.retrieve("m.json", from: .caches, as: Message.self)
        } throws: { error in
            guard case ShelfError.deserialization(let path, let reason) = error else { return false }
            return path == home.path("cache/shelf/m.json") && reason.contains("body")
        }
        #expect {
            try store.retrieve("m.json", from: .caches, as: [Int].self)
        } throws: { ($0 as? ShelfError).map { if case .deserialization = $0 { true } else { false } } ?? false }
    }

    @Test func unsafeNamesAreRefusedBeforeAnyWrite() throws {
        for name in ["../m.json", "/etc/m.json", "a//b.json", ".shelf-tmp-x", ""] {
            #expect(throws: ShelfError.self) { try store.save(Message(title: "", body: ""), to: .caches, as: name) }
            #expect(throws: ShelfError.self) { try store.retrieve(name, from: .caches, as: Message.self) }
        }
        #expect(home.allPaths() == ["run"])
    }

    @Test func savingOverAFolderIsRefused() throws {
        try store.save(Data("x".utf8), to: .caches, as: "dir/inner")
        #expect(throws: ShelfError.isAFolder(path: home.path("cache/shelf/dir"))) {
            try store.save(Message(title: "", body: ""), to: .caches, as: "dir")
        }
        #expect(throws: ShelfError.isAFolder(path: home.path("cache/shelf/dir"))) {
            try store.retrieve("dir", from: .caches, as: Message.self)
        }
    }
}
