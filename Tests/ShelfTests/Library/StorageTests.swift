import Dispatch
import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// The same behaviour is required of the disk and the memory storage.
@Suite struct StorageTests {
    let home = TestHome()

    enum Kind: String, CaseIterable, Sendable { case disk, memory }

    func storage(_ kind: Kind) throws -> any Storage {
        switch kind {
        case .disk: return try DiskStorage(directory: .caches, path: "kv", store: home.store())
        case .memory: return MemoryStorage()
        }
    }

    @Test(arguments: Kind.allCases)
    func savedValuesAreFetchedByKeyWithSubfolders(_ kind: Kind) throws {
        let storage = try storage(kind)
        try storage.save(value: Data("one".utf8), for: "a/b/one")
        try storage.save(value: Data("two".utf8), for: "two")
        try storage.save(value: Data("uno".utf8), for: "a/b/one")
        #expect(try storage.fetchValue(for: "a/b/one") == Data("uno".utf8))
        #expect(try storage.fetchValue(for: "two") == Data("two".utf8))
    }

    @Test(arguments: Kind.allCases)
    func missingKeyIsNotFound(_ kind: Kind) throws {
        let storage = try storage(kind)
        #expect {
            try storage.fetchValue(for: "none/x")
        } throws: { error in
            if case StorageError.notFound = error { return true }
            return false
        }
    }

    @Test(arguments: Kind.allCases)
    func unsafeKeyCannotBeWrittenAndWrapsTheLibraryError(_ kind: Kind) throws {
        let storage = try storage(kind)
        for key in ["../x", "/abs", "a//b", "dir/"] {
            #expect {
                try storage.save(value: Data(), for: key)
            } throws: { error in
                guard case StorageError.cantWrite(let underlying) = error, case .invalidName? = underlying as? ShelfError else { return false }
                return (error as? StorageError)?.shelfError != nil
            }
            #expect(throws: ShelfError.self) { try storage.fetchValue(for: key) }
        }
    }

    @Test(arguments: Kind.allCases)
    func handlersAreCalledOnceOffTheCallersThread(_ kind: Kind) async throws {
        let storage = try storage(kind)
        let saved = await Self.handlerOutcome { storage.save(value: Data("v".utf8), for: "k", handler: $0) }
        #expect(saved.calledAfterReturn)
        #expect(try saved.result.get() == Data("v".utf8))
        let fetched = await Self.handlerOutcome { storage.fetchValue(for: "k", handler: $0) }
        #expect(fetched.calledAfterReturn)
        #expect(try fetched.result.get() == Data("v".utf8))
        let missing = await Self.handlerOutcome { storage.fetchValue(for: "none", handler: $0) }
        #expect(missing.calledAfterReturn)
        #expect(throws: StorageError.self) { try missing.result.get() }
        let refused = await Self.handlerOutcome { storage.save(value: Data(), for: "../x", handler: $0) }
        #expect(throws: StorageError.self) { try refused.result.get() }
    }

    /// The async variants, many at once: every value lands, and errors come through.
    @Test(arguments: Kind.allCases)
    func concurrentTasksLoseNothing(_ kind: Kind) async throws {
        let storage = try storage(kind)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<64 {
                group.addTask {
                    try await storage.save(value: Data("value \(i)".utf8), for: "many/\(i)")
                    try await storage.save(value: Data(repeating: UInt8(i), count: 10_000), for: "shared")
                }
            }
            try await group.waitForAll()
        }
        for i in 0..<64 { #expect(try await storage.fetchValue(for: "many/\(i)") == Data("value \(i)".utf8)) }
        let shared = try await storage.fetchValue(for: "shared")
        #expect(shared.count == 10_000 && Set(shared).count == 1)
        await #expect(throws: StorageError.self) { try await storage.fetchValue(for: "none") }
        await #expect(throws: StorageError.self) { try await storage.save(value: Data(), for: "../x") }
    }

    @Test func diskStorageKeysAreRelativeToItsFolder() throws {
        let storage = try DiskStorage(directory: .applicationSupport, path: "cache/v1", store: home.store())
        try storage.save(value: Data("{}".utf8), for: "user.json")
        #expect(home.read("data/shelf/cache/v1/user.json") == "{}")
        let whole = try DiskStorage(directory: .applicationSupport, store: home.store())
        #expect(try whole.fetchValue(for: "cache/v1/user.json") == Data("{}".utf8))
        #expect(throws: ShelfError.self) { try DiskStorage(directory: .caches, path: "../up", store: home.store()) }
        #expect(throws: StorageError.self) { try storage.save(value: Data(), for: "bad.json") }
    }

    @Test func diskStorageWithoutAStoreUsesTheProcessEnvironment() throws {
        let storage = try DiskStorage(directory: .caches, path: "p")
        #expect(storage.store.locations.environment == ProcessInfo.processInfo.environment)
        #expect(storage.path == "p" && storage.directory == .caches)
    }

    @Test func memoryStorageStartsWithItsValuesAndListsKeys() throws {
        let storage = MemoryStorage(["b": Data("2".utf8)])
        try storage.save(value: Data("1".utf8), for: "a/./x".replacingOccurrences(of: "/./", with: "/"))
        #expect(storage.keys == ["a/x", "b"])
        #expect(try storage.fetchValue(for: "b") == Data("2".utf8))
    }

    @Test func storageErrorsMapFromTheLibraryError() {
        guard case .notFound = StorageError(ShelfError.notFound(path: "/p")) else { Issue.record("not mapped"); return }
        let full = StorageError(ShelfError.noSpace(path: "/p"))
        #expect(full.shelfError == .noSpace(path: "/p"))
        #expect(StorageError.notFound.shelfError == nil)
        #expect(full.description.contains("/p"))
        #expect(!StorageError.notFound.description.isEmpty)
    }

    /// What a completion handler reported, and whether the call had returned before it ran.
    struct Outcome<T: Sendable>: Sendable {
        let result: Result<T, Error>
        let calledAfterReturn: Bool
    }

    /// Calls `start` with a handler and waits for it: the handler first waits until `start` has
    /// returned (a handler run inside the call would time out there and report false).
    static func handlerOutcome<T: Sendable>(_ start: (@escaping Handler<T>) -> Void) async -> Outcome<T> {
        let returned = DispatchSemaphore(value: 0)
        return await confirmation(expectedCount: 1) { called in
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome<T>, Never>) in
                start { result in
                    let after = returned.wait(timeout: .now() + 30) == .success
                    called()
                    continuation.resume(returning: Outcome(result: result, calledAfterReturn: after))
                }
                returned.signal()
            }
        }
    }
}

@Suite struct CodableStorageTests {
    @Test func injectedCodersAreUsed() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Item: Codable, Equatable { var itemName: String }
        let memory = MemoryStorage()
        let storage = CodableStorage(storage: memory, decoder: decoder, encoder: encoder)
        try storage.save(Item(itemName: "x"), for: "i")
        #expect(try memory.fetchValue(for: "i") == Data("{\"item_name\":\"x\"}".utf8))
        #expect(try storage.fetch(for: "i") == Item(itemName: "x"))
    }

    @Test func codingErrorsNameTheKey() throws {
        let storage = CodableStorage(storage: MemoryStorage(["m": Data("[1]".utf8)]))
        #expect {
            let _: Message = try storage.fetch(for: "m")
        } throws: { error in
            if case ShelfError.deserialization(let path, _) = error { return path == "m" }
            return false
        }
        #expect {
            try storage.save(Double.infinity, for: "inf")
        } throws: { error in
            if case ShelfError.serialization(let path, _) = error { return path == "inf" }
            return false
        }
        #expect(throws: StorageError.self) { let _: Message = try storage.fetch(for: "none") }
    }

    /// (Typed round trips, also async, over memory and disk: DocsWalkthroughTests.storageWalkthroughRuns.)
    @Test func handlerVariants() async throws {
        let storage = CodableStorage(storage: MemoryStorage())
        let saved = await StorageTests.handlerOutcome { storage.save(Message(title: "h", body: ""), for: "h", handler: $0) }
        #expect(try saved.calledAfterReturn && saved.result.get().title == "h")
        let loaded: StorageTests.Outcome<Message> = await StorageTests.handlerOutcome { storage.fetch(for: "h", handler: $0) }
        #expect(try loaded.calledAfterReturn && loaded.result.get().title == "h")
        let missing: StorageTests.Outcome<Message> = await StorageTests.handlerOutcome { storage.fetch(for: "none", handler: $0) }
        #expect(throws: StorageError.self) { try missing.result.get() }
    }
}
