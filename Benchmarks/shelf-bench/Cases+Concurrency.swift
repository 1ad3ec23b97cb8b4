import Glibc
import FoundationEssentials
import ShelfTestSupport

/// 8 writers, each running `shelf append` one item at a time on the same target: the rate, and
/// whether every item is there exactly once afterwards. The JSON array runs on disk (the issue's
/// case); JSON Lines and a folder run in `temporary` on tmpfs, where no fsync waits for a disk,
/// so that three targets fit the time budget and the rate shows the locking alone.
extension Cases {
    static let writers = 8

    /// What the writers append to and how to count what landed.
    enum AppendTarget: String {
        case array = "concurrent.json", lines = "concurrent.jsonl", folder = "concurrent/"

        var path: String { rawValue }
        var label: String { [.array: "a JSON array", .lines: "JSON Lines", .folder: "a folder"][self]! }
    }

    static func concurrentAppends(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        [concurrent(w, scale, .array, directory: "caches", base: w.caches()),
         concurrent(w, scale, .lines, directory: "temporary", base: w.temporary),
         concurrent(w, scale, .folder, directory: "temporary", base: w.temporary)]
    }

    private static func concurrent(_ w: Workspace, _ scale: Scale, _ target: AppendTarget,
                                   directory: String, base: String?) -> Benchmark {
        let perWriter = scale.appendsPerWriter, total = writers * perWriter
        let place = directory == "temporary" ? ", tmpfs" : ""
        let name = "\(writers) × \(Scale.count(perWriter)) concurrent appends to \(target.label)\(place)"
        return .custom(name: name, commands: ["append"]) {
            var result = CaseResult(name: name, baseline: "—", target: "items/s, exact count")
            guard let base else {
                result.skipped = "no writable tmpfs for the temporary directory"
                return result
            }
            let path = base + "/" + target.path
            defer { w.remove(path) }
            do {
                try DataFiles.makeFolders(base)
                if target == .array { try writeText(path, "[]") }
                try DataFiles.syncFolder(base)
                let seconds = try runWriters(w, directory: directory, target: target, perWriter: perWriter)
                let ids = try storedIDs(path, target)
                let unique = Set(ids).count
                result.shelf = Summary([seconds])
                result.pass = ids.count == total && unique == total
                result.note = "\(Scale.count(Int(Double(total) / seconds))) items/s; \(Scale.count(ids.count)) items stored"
                    + (result.pass == true ? ", each once" : " (\(Scale.count(unique)) distinct), expected \(Scale.count(total))")
            } catch {
                result.pass = false
                result.note = "\(error)"
            }
            return result
        }
    }

    /// Keeps `writers` appends running at once until each writer has done `perWriter`.
    private static func runWriters(_ w: Workspace, directory: String, target: AppendTarget, perWriter: Int) throws -> Double {
        var next = [Int](repeating: 0, count: writers)
        var running: [pid_t: (writer: Int, child: Child)] = [:]
        let started = Spawner.now()
        func launch(_ writer: Int) throws {
            let id = writer * 10_000_000 + next[writer]
            next[writer] += 1
            let child = try Spawner.start([w.shelf, "append", directory, target.path], input: .pipe)
            child.writeInput(Array((DataFiles.record(id) + "\n").utf8))
            child.closeInput()
            running[child.pid] = (writer, child)
        }
        for writer in 0..<writers { try launch(writer) }
        while !running.isEmpty {
            // Which child ended, without reaping it: its `Child` reaps it and reads its error.
            var info = siginfo_t()
            if waitid(P_ALL, 0, &info, WEXITED | WNOWAIT) < 0 {
                if errno == EINTR { continue }
                throw BenchError("waitid: \(errnoText())")
            }
            let pid = info._sifields._sigchld.si_pid
            guard let (writer, child) = running.removeValue(forKey: pid) else {
                waitpid(pid, nil, 0)  // not a writer: reaped, so that waitid does not report it again
                continue
            }
            let result = child.waitBlocking()
            if result.status != 0 { throw BenchError("shelf append failed: \(result.summary)") }
            if next[writer] < perWriter { try launch(writer) }
        }
        return Spawner.now() - started
    }

    /// The ids of every stored item, decoded as Disk would decode them.
    private static func storedIDs(_ path: String, _ target: AppendTarget) throws -> [Int] {
        let decoder = JSONDecoder()
        switch target {
        case .array:
            return try decoder.decode([DiskRecord].self, from: Data(readText(path).utf8)).map(\.id)
        case .lines:
            return try readText(path).split(separator: "\n").map {
                try decoder.decode(DiskRecord.self, from: Data($0.utf8)).id
            }
        case .folder:
            return try entries(in: path).filter { !$0.hasPrefix(".") }.map {
                try decoder.decode(DiskRecord.self, from: Data(readText(path + $0).utf8)).id
            }
        }
    }
}
