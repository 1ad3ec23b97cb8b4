import Dispatch
import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// Many writers at once: every item lands exactly once, and no reader sees a half-done append.
/// `flock` locks belong to open file descriptions, so threads of one process contend exactly
/// like separate processes; the battery's "concurrency: append" checks the real thing (8 processes
/// appending to an array, a JSON Lines file and a folder with readers alongside, each item once:
/// a JSON Lines file is checked there only). Here each writer's order, and the folder's numbers.
@Suite struct AppendConcurrencyTests {
    let home = TestHome()

    /// Runs `writers` appenders of `perWriter` items each on threads, plus one thread that reads
    /// the file `reads` times meanwhile and checks each read is whole.
    func hammer(_ path: String, writers: Int = 8, perWriter: Int = 25, reads: Int = 60,
                item: @Sendable (Int, Int) -> String, check: @Sendable ([UInt8]) -> Bool) throws -> Int {
        let store = try home.store()
        let failures = Collected<String>()
        DispatchQueue.concurrentPerform(iterations: writers + 1) { writer in
            if writer == writers {
                for _ in 0..<reads {
                    guard let bytes = try? store.retrieveBytes(path, from: .documents) else { continue }
                    if !check(bytes) { failures.add("torn read: \(String(decoding: bytes, as: UTF8.self).suffix(40))") }
                }
                return
            }
            for i in 0..<perWriter {
                var source = BytesSource(Array(item(writer, i).utf8))
                do {
                    try store.append(from: &source, to: path, in: .documents)
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        let problems = failures.list
        #expect(problems.count == 0, "\(problems.prefix(3))")
        return writers * perWriter
    }

    @Test func threadsAppendingToOneArrayLoseNothing() throws {
        let total = try hammer("log.json", item: { "{\"w\":\($0),\"i\":\($1)}" }, check: { (try? JSONSerialization.jsonObject(with: Data($0))) is [Any] })
        let items = try home.store().retrieve("log.json", from: .documents, as: [Item].self)
        #expect(items.count == total)
        #expect(Set(items).count == total)
        for writer in 0..<8 {
            #expect(items.filter { $0.w == writer }.map(\.i) == Array(0..<25), "each writer's items in its own order")
        }
    }

    @Test func threadsAppendingToAFolderGetDistinctNumbers() throws {
        let store = try home.store()
        let names = Collected<String>()
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            for i in 0..<10 {
                var source = BytesSource(Array("\(writer)-\(i)".utf8))
                if let result = try? store.append(from: &source, to: "f/", in: .documents), let name = result.createdName {
                    names.add(name)
                }
            }
        }
        #expect(names.list.sorted { Int($0)! < Int($1)! } == (0..<80).map(String.init))
        #expect(Set(try store.retrieve("f", from: .documents, as: [Data].self)).count == 80)
    }

    struct Item: Codable, Hashable {
        let w: Int
        let i: Int
    }
}

/// Collects values from many threads.
final class Collected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    func add(_ value: Value) { lock.withLock { values.append(value) } }

    var list: [Value] { lock.withLock { values } }
}
