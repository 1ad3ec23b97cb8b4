import FoundationEssentials
import Shelf

/// The Swift library in process (issue 16, part 4): `Store`'s Codable save, retrieve and append
/// of the same records against Disk's strategy (`DiskStyle`), at 1,000, 10,000 and 100,000 records.
extension Cases {
    static let libraryCounts = [1_000, 10_000, 100_000]

    static func library(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        var cases: [Benchmark] = []
        for count in libraryCounts { cases.append(librarySave(w, scale, count)) }
        for count in libraryCounts { cases.append(libraryRetrieve(w, scale, count)) }
        for count in libraryCounts { cases.append(libraryAppend(w, scale, count)) }
        cases.append(libraryAppendSizes(w, scale))
        return cases + libraryBusy(w, scale)
    }

    /// The store the library cases use: the workspace's XDG home, its own namespace.
    static func libraryStore(_ w: Workspace) throws -> Store {
        try Store(app: "library", environment: Spawner.environment)
    }

    static func libraryRepetitions(_ scale: Scale, _ count: Int) -> Int {
        switch count {
        case ..<10_000: return scale.quick ? 10 : 30
        case ..<100_000: return scale.quick ? 5 : 15
        default: return scale.quick ? 3 : 7
        }
    }

    /// What a case holds between set-up and tear-down (built only when the case runs).
    final class Held {
        var store: Store?
        var records: [DiskRecord] = []

        func stored() throws -> Store {
            guard let store else { throw BenchError("the case was not set up") }
            return store
        }

        /// Opens the store and writes `count` records into `name` in caches, and at each of `urls`
        /// as Disk would (each fsynced, so no write-back is left for the timed runs).
        func storeRecords(_ count: Int, in w: Workspace, as name: String, andAt urls: [URL]) throws {
            let store = try libraryStore(w)
            self.store = store
            let records = (0..<count).map(DiskRecord.init)
            try store.save(records, to: .caches, as: name)
            for url in urls { try DiskStyle.save(records, to: url, durable: true) }
        }
    }

    static let diskSave = "JSONEncoder + Data.write(.atomic)"
    static let fsyncs = " + fsync file, folder"

    private static func librarySave(_ w: Workspace, _ scale: Scale, _ count: Int) -> Benchmark {
        let held = Held(), name = "lib-save-\(count).json"
        let durable = URL(fileURLWithPath: w.plain("durable-" + name)), plain = URL(fileURLWithPath: w.plain(name))
        return .library(LibraryCase(
            name: "library save of \(Scale.count(count)) records",
            baseline: .init(label: diskSave + fsyncs) { _ in try DiskStyle.save(held.records, to: durable, durable: true) },
            other: .init(label: diskSave, run: { _ in try DiskStyle.save(held.records, to: plain, durable: false) },
                         afterwards: { try DiskStyle.sync(plain) }),
            target: .atMost(1.1), repetitions: libraryRepetitions(scale, count),
            setUp: {
                held.store = try libraryStore(w)
                held.records = (0..<count).map(DiskRecord.init)
            },
            shelf: .init(label: "Store.save") { _ in try held.stored().save(held.records, to: .caches, as: name) },
            check: {
                let back = try held.stored().retrieve(name, from: .caches, as: [DiskRecord].self)
                guard back == held.records else { throw BenchError("the stored records differ from those saved") }
                return nil
            },
            tearDown: {
                held.records = []
                try? held.store?.remove(name, from: .caches)
                w.remove(durable.path, plain.path)
            }))
    }

    private static func libraryRetrieve(_ w: Workspace, _ scale: Scale, _ count: Int) -> Benchmark {
        let held = Held(), name = "lib-retrieve-\(count).json", plain = URL(fileURLWithPath: w.plain(name))
        func expect(_ records: [DiskRecord]) throws {
            if records.count != count { throw BenchError("retrieved \(records.count) records, expected \(count)") }
        }
        return .library(LibraryCase(
            name: "library retrieve of \(Scale.count(count)) records",
            baseline: .init(label: "Data(contentsOf:) + JSONDecoder") { _ in try expect(DiskStyle.retrieve(plain)) },
            target: .atMost(1.1), repetitions: libraryRepetitions(scale, count),
            setUp: { try held.storeRecords(count, in: w, as: name, andAt: [plain]) },
            shelf: .init(label: "Store.retrieve") { _ in
                try expect(held.stored().retrieve(name, from: .caches, as: [DiskRecord].self))
            },
            tearDown: {
                try? held.store?.remove(name, from: .caches)
                w.remove(plain.path)
            }))
    }

    private static func libraryAppend(_ w: Workspace, _ scale: Scale, _ count: Int) -> Benchmark {
        let held = Held(), name = "lib-append-\(count).json"
        let plain = URL(fileURLWithPath: w.plain(name)), durable = URL(fileURLWithPath: w.plain("durable-" + name))
        let repetitions = libraryRepetitions(scale, count)
        return .library(LibraryCase(
            name: "library append of 1 record to \(Scale.count(count))",
            baseline: .init(label: "Disk's append: decode all, encode all, Data.write(.atomic)",
                            run: { try DiskStyle.append(DiskRecord(count + 10 + $0), to: plain, durable: false) },
                            afterwards: { try DiskStyle.sync(plain) }),
            other: .init(label: "the same" + fsyncs) { try DiskStyle.append(DiskRecord(count + 10 + $0), to: durable, durable: true) },
            target: count == 100_000 ? .fasterBy(100) : .none, repetitions: repetitions,
            setUp: { try held.storeRecords(count, in: w, as: name, andAt: [plain, durable]) },
            shelf: .init(label: "Store.append") { try held.stored().append(DiskRecord(count + 10 + $0), to: name, in: .caches) },
            check: {
                let back = try held.stored().retrieve(name, from: .caches, as: [DiskRecord].self)
                guard back == (try DiskStyle.retrieve(plain)) else { throw BenchError("shelf's array differs from Disk's") }
                return "\(Scale.count(back.count)) records after the appends, the same as Disk's"
            },
            tearDown: {
                try? held.store?.remove(name, from: .caches)
                w.remove(plain.path, durable.path)
            }))
    }

    /// O(item): an append to 100,000 records against one to 1,000, both through the library.
    private static func libraryAppendSizes(_ w: Workspace, _ scale: Scale) -> Benchmark {
        let held = Held(), big = "lib-append-sizes-big.json", small = "lib-append-sizes-small.json"
        let name = "library append of 1 record to 100,000 vs to 1,000"
        return .library(LibraryCase(
            name: name,
            baseline: .init(label: "Store.append to 1,000 records") { try held.stored().append(DiskRecord($0 + 5_000_000), to: small, in: .caches) },
            target: .atMost(1.5), repetitions: scale.quick ? 10 : 30,
            setUp: {
                held.store = try libraryStore(w)
                try held.stored().save((0..<100_000).map(DiskRecord.init), to: .caches, as: big)
                try held.stored().save((0..<1_000).map(DiskRecord.init), to: .caches, as: small)
            },
            shelf: .init(label: "Store.append") { try held.stored().append(DiskRecord($0 + 5_000_000), to: big, in: .caches) },
            tearDown: { for name in [big, small] { try? held.store?.remove(name, from: .caches) } }))
    }
}
