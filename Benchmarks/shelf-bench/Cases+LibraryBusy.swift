import Dispatch
import FoundationEssentials
import Glibc
import Shelf
import Synchronization

/// `retrieve` of a big array while appends run on another thread: a Codable array on disk and
/// a `[Data]` folder on tmpfs. Each retrieve must give a whole array (no torn item) of at least
/// the records stored at the start, and at the end every append must be there.
extension Cases {
    static func libraryBusy(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        let count = 100_000, files = scale.files
        let codable = busy(
            w, scale, name: "library retrieve of \(Scale.count(count)) records while appends run",
            baseline: "Data(contentsOf:) + JSONDecoder, no appends running", count: count,
            setUp: { store in
                let records = (0..<count).map(DiskRecord.init)
                try store.save(records, to: .caches, as: "lib-busy.json")
                try DiskStyle.save(records, to: URL(fileURLWithPath: w.plain("lib-busy.json")), durable: true)
            },
            append: { store, id in try store.append(DiskRecord(id), to: "lib-busy.json", in: .caches) },
            retrieve: { store in try store.retrieve("lib-busy.json", from: .caches, as: [DiskRecord].self).count },
            baselineRetrieve: { _ in try DiskStyle.retrieve(URL(fileURLWithPath: w.plain("lib-busy.json"))).count },
            tearDown: { store in
                try? store.remove("lib-busy.json", from: .caches)
                w.remove(w.plain("lib-busy.json"))
            })
        guard w.tmpfsRoot != nil else {
            return [codable, .custom(name: "library retrieve of a [Data] folder while appends run") {
                CaseResult(name: "library retrieve of a [Data] folder while appends run", baseline: "—", target: "—",
                           skipped: "no writable tmpfs for the temporary directory")
            }]
        }
        let folder = busy(
            w, scale, name: "library retrieve of a \(Scale.count(files))-file [Data] folder while appends run, tmpfs",
            baseline: "Disk's [Data] retrieve (list, Data(contentsOf:) each), no appends running", count: files,
            setUp: { store in
                let frames: [Data] = (0..<files).map { Data(DataFiles.record($0).utf8) }
                try store.save(frames, to: .temporary, as: "lib-frames")
            },
            append: { store, id in try store.append(Data(DataFiles.record(id).utf8), to: "lib-frames", in: .temporary) },
            retrieve: { store in
                let frames = try store.retrieve("lib-frames", from: .temporary, as: [Data].self)
                // Every file whole: a torn one would not decode.
                let decoder = JSONDecoder()
                for frame in frames.suffix(50) { _ = try decoder.decode(DiskRecord.self, from: frame) }
                return frames.count
            },
            baselineRetrieve: { store in try DiskStyle.retrieveFolder(store.path(for: "lib-frames", in: .temporary)).count },
            tearDown: { store in try? store.remove("lib-frames", from: .temporary) })
        return [codable, folder]
    }

    /// Appends one item at a time, on a thread of its own, while `running` is set.
    final class Appender: Sendable {
        let running = Atomic(false)
        let stopping = Atomic(false)
        let appended = Atomic(0)
        let failure = Mutex<String?>(nil)
        let started = Atomic(false)
        let done = DispatchSemaphore(value: 0)

        func start(_ append: @escaping @Sendable (Int) throws -> Void) {
            started.store(true, ordering: .releasing)
            DispatchQueue.global().async { [self] in
                while !stopping.load(ordering: .acquiring) {
                    guard running.load(ordering: .acquiring) else {
                        usleep(200)
                        continue
                    }
                    do {
                        try append(20_000_000 + appended.load(ordering: .relaxed))
                        appended.add(1, ordering: .releasing)
                    } catch {
                        failure.withLock { $0 = "\(error)" }
                        break
                    }
                }
                done.signal()
            }
        }

        /// Stops the thread and waits for it; once only, and only if it was started.
        func stop() {
            running.store(false, ordering: .releasing)
            guard started.exchange(false, ordering: .acquiringAndReleasing) else { return }
            stopping.store(true, ordering: .releasing)
            done.wait()
        }
    }

    private static func busy(_ w: Workspace, _ scale: Scale, name: String, baseline: String, count: Int,
                             setUp: @escaping (Store) throws -> Void,
                             append: @escaping @Sendable (Store, Int) throws -> Void,
                             retrieve: @escaping (Store) throws -> Int,
                             baselineRetrieve: @escaping (Store) throws -> Int,
                             tearDown: @escaping (Store) -> Void) -> Benchmark {
        let held = Held(), appender = Appender()
        /// Fewest and most items a retrieve may see: what was there, plus every append begun.
        func checked(_ seen: Int) throws {
            let most = count + appender.appended.load(ordering: .acquiring) + 2
            if seen < count || seen > most { throw BenchError("a retrieve saw \(seen) items, expected \(count)…\(most)") }
        }
        return .library(LibraryCase(
            name: name,
            baseline: .init(label: baseline) { _ in try checked(baselineRetrieve(held.stored())) },
            other: .init(label: "Store.retrieve, no appends running") { _ in try checked(retrieve(held.stored())) },
            target: .none, repetitions: scale.quick ? 3 : 7,
            setUp: {
                let store = try libraryStore(w)
                held.store = store
                try setUp(store)
                appender.start { try append(store, $0) }
            },
            shelf: .init(label: "Store.retrieve") { _ in
                appender.running.store(true, ordering: .releasing)
                defer { appender.running.store(false, ordering: .releasing) }
                try checked(retrieve(held.stored()))
            },
            check: {
                appender.stop()
                if let failure = appender.failure.withLock({ $0 }) { throw BenchError("an append failed: \(failure)") }
                let appended = appender.appended.load(ordering: .acquiring)
                let stored = try retrieve(held.stored())
                guard appended > 0, stored == count + appended else {
                    throw BenchError("\(Scale.count(stored)) items stored after \(appended) appends to \(Scale.count(count))")
                }
                return "\(appended) appends ran during the timed retrieves; every retrieve whole, every append stored"
            },
            tearDown: {
                appender.stop()
                if let store = held.store { tearDown(store) }
            }))
    }
}
