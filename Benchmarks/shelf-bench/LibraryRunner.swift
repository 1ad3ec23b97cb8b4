import Glibc

/// A library case, timed in this process: shelf's Swift API against Disk's strategy (see
/// `DiskStyle`), run interleaved (the order turns each repetition) so that load from elsewhere
/// hits every side alike; ratios are taken within each round.
struct LibraryCase {
    var name: String
    /// The baseline the target is judged against.
    var baseline: Side
    /// Shown beside it, not judged: the same strategy with or without fsync.
    var other: Side?
    var target: Target
    var repetitions: Int
    /// Untimed, once before the first run.
    var setUp: () throws -> Void = {}
    var shelf: Side
    /// Run after the last repetition: it throws when what was stored is wrong (a miss, the
    /// error in the note), else returns a note.
    var check: () throws -> String? = { nil }
    var tearDown: () throws -> Void = {}

    struct Side {
        var label: String
        /// Called with the repetition's index; only this is timed.
        var run: (Int) throws -> Void
        /// Untimed, after each run: a side that does not fsync (Disk's `Data.write`) gets its file
        /// written out here, or the next side's fsync would flush it and be timed for it (ext4
        /// commits other files' pending data with its journal).
        var afterwards: () throws -> Void = {}
    }
}

enum LibraryRunner {
    static func run(_ libraryCase: LibraryCase) -> CaseResult {
        var result = CaseResult(name: libraryCase.name, baseline: libraryCase.baseline.label, target: libraryCase.target.text,
                                inProcess: true, other: libraryCase.other?.label)
        defer { try? libraryCase.tearDown() }
        do {
            try libraryCase.setUp()
            let sides = [libraryCase.shelf, libraryCase.baseline] + (libraryCase.other.map { [$0] } ?? [])
            // One untimed round: code paths and the page cache warm for every side.
            for side in sides {
                try side.run(-1)
                try side.afterwards()
            }
            var times = [[Timing]](repeating: [], count: sides.count)
            for repetition in 0..<libraryCase.repetitions {
                for offset in 0..<sides.count {
                    let index = (repetition + offset) % sides.count
                    times[index].append(try timed { try sides[index].run(repetition) })
                    try sides[index].afterwards()
                }
            }
            result.record(shelf: times[0], baseline: times[1])
            if times.count > 2 {
                result.otherTimes = Summary(times[2].map(\.seconds))
                result.otherRatio = Summary(zip(times[0], times[2]).map { $0.seconds / $1.seconds })
            }
            result.note = try libraryCase.check()
            result.pass = libraryCase.target.met(result.ratio?.median ?? .nan) ?? true
        } catch {
            result.pass = false
            result.note = "\(error)"
        }
        return result
    }

    struct Timing: Timed {
        var seconds: Double
        /// This thread's CPU time: the library does its work on the caller's thread.
        var cpuSeconds: Double
    }

    static func timed(_ body: () throws -> Void) rethrows -> Timing {
        let cpu = threadCPU(), wall = Spawner.now()
        try body()
        return Timing(seconds: Spawner.now() - wall, cpuSeconds: threadCPU() - cpu)
    }

    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
