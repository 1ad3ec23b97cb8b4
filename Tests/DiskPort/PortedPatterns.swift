// Patterns from programs written for Disk beyond its README: generic code, typed catches of the
// coders' errors, appends of the wrong type, `.jsonl` names, and `async` callers with models that
// are not `Sendable`. Each worked with Disk; `main.swift` runs them after the README's steps.
import Foundation
import Shelf

/// A generic helper, as apps write one for their caches: what it saves, it reads back.
func roundTrip<T: Codable>(_ value: T, as path: String) throws -> T {
    try Disk.save(value, to: .caches, as: path)
    return try Disk.retrieve(path, from: .caches, as: T.self)
}

func genericCode() throws {
    let bytes = Data("raw bytes".utf8)
    check(try roundTrip(bytes, as: "generic.bin") == bytes, "generic round trip of Data")
    let frames = [Data("a".utf8), Data("b".utf8)]
    check(try roundTrip(frames, as: "generic-frames") == frames, "generic round trip of [Data]")
    let message = Message(title: "generic", body: "code")
    check(try roundTrip(message, as: "generic.json") == message, "generic round trip of a struct")
    check(try roundTrip([1, 2, 3], as: "generic-ints.json") == [1, 2, 3], "generic round trip of an array")
}

/// Disk decodes the stored array before appending: another type is refused, the file untouched.
func appendsOfAnotherType() throws {
    let messages = [Message(title: "1", body: "a"), Message(title: "2", body: "b")]
    try Disk.save(messages, to: .caches, as: "typed.json")
    check(code { try Disk.append(42, to: "typed.json", in: .caches) } == Disk.ErrorCode.deserialization.rawValue,
          "append of an Int to [Message] refused")
    check(try Disk.retrieve("typed.json", from: .caches, as: [Message].self) == messages, "the refused append left the file alone")
    try Disk.save([[1, 2]], to: .caches, as: "nested.json")
    check(code { try Disk.append([3, 4], to: "nested.json", in: .caches) } == Disk.ErrorCode.deserialization.rawValue,
          "append of [Int] elements to [[Int]] refused")
    try Disk.append([[3, 4]], to: "nested.json", in: .caches)
    check(try Disk.retrieve("nested.json", from: .caches, as: [[Int]].self) == [[1, 2], [3, 4]], "append of the stored element type")
}

struct Profile: Codable {
    let id: Int
    let name: String
}

/// Disk rethrows the coders' errors unchanged, so apps catch them by type.
func typedCatches() throws {
    try Disk.save(["id": 1], to: .caches, as: "profile.json")
    do {
        _ = try Disk.retrieve("profile.json", from: .caches, as: Profile.self)
        check(false, "DecodingError.keyNotFound")
    } catch DecodingError.keyNotFound(let key, _) {
        check(key.stringValue == "name", "DecodingError.keyNotFound")
    }
    do {
        try Disk.save(Double.nan, to: .caches, as: "nan.json")
        check(false, "EncodingError")
    } catch is EncodingError {
        check(!Disk.exists("nan.json", in: .caches), "EncodingError")
    }
}

/// Disk writes JSON under every name, so `[T]` comes back from a `.jsonl` name too.
func jsonLinesNames() throws {
    let message = Message(title: "log", body: "line")
    try Disk.append(message, to: "log.jsonl", in: .caches)
    try Disk.append(message, to: "log.jsonl", in: .caches)
    check(try Disk.retrieve("log.jsonl", from: .caches, as: [Message].self) == [message, message], "append to .jsonl, retrieve as [T]")
}

/// A model class that is not `Sendable`, used from `async` code.
final class Settings: Codable {
    var theme: String
    init(theme: String) { self.theme = theme }
}

func syncSettings(_ storage: CodableStorage) async throws -> String {
    let settings = Settings(theme: "dark")
    try await storage.save(settings, for: "settings.json")
    let fetched: Settings = try await storage.fetch(for: "settings.json")
    try Disk.save(fetched, to: .caches, as: "settings.json")
    return try Disk.retrieve("settings.json", from: .caches, as: Settings.self).theme
}

/// The namespace every `Disk` call uses here: the executable file's name, whatever it was launched as.
func namespace() throws {
    let expected = ProcessInfo.processInfo.environment["SHELF_APP"] ?? "disk-port"
    check(try Store.defaultApp() == expected, "namespace \(try Store.defaultApp())")
}

func asyncCallers() throws {
    let storage = CodableStorage(storage: try DiskStorage(directory: .applicationSupport))
    let theme = try waitFor { try await syncSettings(storage) }
    check(theme == "dark", "non-Sendable model in async code")
}

/// The Disk error code of a call that must fail.
func code(_ call: () throws -> Void) -> Int? {
    do {
        try call()
        return nil
    } catch let error as NSError {
        return error.domain == Disk.errorDomain ? error.code : -error.code
    }
}

/// Runs `work` on the concurrency pool and waits for it (top-level code here is synchronous).
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// Written by the task before the semaphore is signalled, read after the wait.
final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
