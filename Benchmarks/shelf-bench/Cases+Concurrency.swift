import Glibc
import FoundationEssentials

/// 8 writers, each running `shelf append` one item at a time on the same JSON array: the rate,
/// and whether every item is there exactly once afterwards.
extension Cases {
    static let writers = 8

    static func concurrentAppends(_ w: Workspace, _ scale: Scale) -> Benchmark {
        let perWriter = scale.appendsPerWriter
        let name = "\(writers) × \(Scale.count(perWriter)) concurrent appends"
        return .custom(name: name, commands: ["append"]) {
            var result = CaseResult(name: name, baseline: "—", target: "items/s, exact count")
            let path = w.caches() + "/concurrent.json"
            defer { w.remove(path) }
            do {
                try DataFiles.makeFolders(w.caches())
                try writeText(path, "[]")
                let seconds = try runWriters(w, perWriter: perWriter)
                let total = writers * perWriter
                let found = try countItems(path)
                result.shelf = Summary([seconds])
                let rate = Double(total) / seconds
                let counted = found.count == total && found.unique == total
                result.pass = counted
                result.note = "\(Scale.count(Int(rate))) items/s; \(Scale.count(found.count)) items stored"
                    + (counted ? ", each once" : " (\(Scale.count(found.unique)) distinct), expected \(Scale.count(total))")
            } catch {
                result.pass = false
                result.note = "\(error)"
            }
            return result
        }
    }

    /// Keeps `writers` appends running at once until each writer has done `perWriter`.
    private static func runWriters(_ w: Workspace, perWriter: Int) throws -> Double {
        var next = [Int](repeating: 0, count: writers)
        var running: [pid_t: Int] = [:]
        let started = Spawner.now()
        func launch(_ writer: Int) throws {
            let id = writer * 10_000_000 + next[writer]
            next[writer] += 1
            let child = try Spawner.start([w.shelf, "append", "caches", "concurrent.json"],
                                          text: DataFiles.record(id), errorFile: w.errorFile + ".\(writer)")
            running[child.pid] = writer
        }
        for writer in 0..<writers { try launch(writer) }
        while !running.isEmpty {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, 0)
            if pid < 0 {
                if errno == EINTR { continue }
                throw BenchError("wait4: \(errnoText())")
            }
            guard let writer = running.removeValue(forKey: pid) else { continue }
            if status != 0 {
                let text = (try? readText(w.errorFile + ".\(writer)")) ?? ""
                throw BenchError("shelf append exited with status \(status >> 8): \(text.prefix(300))")
            }
            if next[writer] < perWriter { try launch(writer) }
        }
        return Spawner.now() - started
    }

    /// Decodes the array as Disk would and counts its items and distinct ids.
    private static func countItems(_ path: String) throws -> (count: Int, unique: Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let records = try JSONDecoder().decode([DiskRecord].self, from: data)
        return (records.count, Set(records.map(\.id)).count)
    }
}
