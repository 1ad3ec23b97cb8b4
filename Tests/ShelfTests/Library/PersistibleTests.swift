import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// The store a test's `Persistible` types use: set per test, so parallel tests never share a home.
enum TestStore {
    @TaskLocal static var current: Store?

    static var store: Store {
        get throws {
            guard let current else { throw ShelfError.cannotAccessDirectory(path: "<test>", reason: "no test store set") }
            return current
        }
    }
}

struct Person: Persistible, Codable, Hashable {
    var name: String
    var age: Int
    static var archiveStore: Store { get throws { try TestStore.store } }
}

struct Setting: Persistible, Codable, Equatable {
    var key: String
    static var fileName: String { "settings" }
    static var archiveDirectory: Directory { .applicationSupport }
    static var archiveStore: Store { get throws { try TestStore.store } }
}

struct Memo: Persistible, Codable {
    var text: String
    static var archiveStore: Store { get throws { try TestStore.store } }
}

@Suite struct PersistibleTests {
    let home = TestHome()

    func withHome<T>(_ body: () throws -> T) throws -> T {
        try TestStore.$current.withValue(home.store(), operation: body)
    }

    @Test func namesAndLocationDefaultToTheTypeAndDocuments() throws {
        #expect(Person.fileName == "Person")
        #expect(Person.archiveDirectory == .documents)
        #expect(Person.archivePath == "Person.json")
        try withHome { () throws -> Void in
            #expect(Person.archiveUrl.path == home.path("docs/shelf/Person.json"))
            #expect(Setting.archiveUrl.path == home.path("data/shelf/settings.json"))
        }
    }

    @Test func loadFromFileReadsOneValueOrTheLastOfAList() throws {
        try withHome { () throws -> Void in
            let store = try home.store()
            try store.save(Person(name: "A", age: 1), to: .documents, as: "Person.json")
            #expect(try Person.loadFromFile() == Person(name: "A", age: 1))
            #expect(try Person.loadListFromFile() == [Person(name: "A", age: 1)])
            try store.save([Person(name: "A", age: 1), Person(name: "B", age: 2)], to: .documents, as: "Person.json")
            #expect(try Person.loadFromFile() == Person(name: "B", age: 2))
            #expect(try Person.loadListFromFile().map(\.name) == ["A", "B"])
        }
    }

    @Test func loadingWithoutAFileIsNotFound() throws {
        try withHome { () throws -> Void in
            #expect(throws: ShelfError.notFound(path: home.path("docs/shelf/Person.json"))) { try Person.loadFromFile() }
            #expect(throws: ShelfError.notFound(path: home.path("docs/shelf/Person.json"))) { try Person.loadListFromFile() }
            try home.store().save([Person](), to: .documents, as: "Person.json")
            #expect(throws: ShelfError.notFound(path: home.path("docs/shelf/Person.json"))) { try Person.loadFromFile() }
            #expect(try Person.loadListFromFile().isEmpty)
        }
    }

    @Test func undecodableFileIsDeserialization() throws {
        try withHome { () throws -> Void in
            try home.store().save(["not": "a person"], to: .applicationSupport, as: "settings.json")
            for load in [{ _ = try Setting.loadFromFile() }, { _ = try Setting.loadListFromFile() }] {
                #expect {
                    try load()
                } throws: { error in
                    if case ShelfError.deserialization(let path, _) = error { return path == home.path("data/shelf/settings.json") }
                    return false
                }
            }
        }
    }

    @Test func deleteFileRemovesItAndIsQuietWhenMissing() throws {
        try withHome { () throws -> Void in
            try home.store().save(Setting(key: "k"), to: .applicationSupport, as: "settings.json")
            try Setting.deleteFile()
            #expect(!home.exists("data/shelf/settings.json"))
            try Setting.deleteFile()
        }
    }

    @Test func failuresThrowInsteadOfPrinting() {
        #expect(throws: ShelfError.self) { try Person.loadFromFile() }
        #expect(throws: ShelfError.self) { try Person.deleteFile() }
        #expect(Person.archiveUrl.path == "/dev/null/Person.json")
    }

    @Test func saveToFileAppendsAndSkipsEqualValues() throws {
        try withHome { () throws -> Void in
            try Person(name: "A", age: 1).saveToFile()
            try Person(name: "A", age: 1).saveToFile()
            try Person(name: "B", age: 2).saveToFile()
            #expect(try Person.loadListFromFile() == [Person(name: "A", age: 1), Person(name: "B", age: 2)])
            #expect(try Person.loadFromFile() == Person(name: "B", age: 2))
            try [Person(name: "B", age: 2), Person(name: "C", age: 3), Person(name: "C", age: 3)].saveToFile()
            #expect(try Person.loadListFromFile().map(\.name) == ["A", "B", "C"])
        }
    }

    @Test func saveToFileOfNonEquatableValuesKeepsEveryOne() throws {
        try withHome { () throws -> Void in
            try Memo(text: "x").saveToFile()
            try Memo(text: "x").saveToFile()
            try [Memo(text: "y"), Memo(text: "y")].saveToFile()
            #expect(try Memo.loadListFromFile().map(\.text) == ["x", "x", "y", "y"])
            #expect(home.read("docs/shelf/Memo.json")?.hasPrefix("[") == true)
        }
    }

    @Test func saveToFileTurnsASingleStoredValueIntoAList() throws {
        try withHome { () throws -> Void in
            try home.store().save(Person(name: "A", age: 1), to: .documents, as: "Person.json")
            try Person(name: "B", age: 2).saveToFile()
            #expect(try Person.loadListFromFile() == [Person(name: "A", age: 1), Person(name: "B", age: 2)])
        }
    }

    @Test func saveToFileOfAnUndecodableFileThrowsAndKeepsIt() throws {
        try withHome { () throws -> Void in
            try home.write("docs/shelf/Person.json", "{\"unrelated\": true}")
            #expect(throws: ShelfError.self) { try Person(name: "A", age: 1).saveToFile() }
            #expect(home.read("docs/shelf/Person.json") == "{\"unrelated\": true}")
        }
    }
}
