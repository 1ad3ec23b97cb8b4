import ShelfTestSupport

/// One side of a case: how to prepare a run (untimed) and what to run (timed).
struct Side {
    var label: String
    /// Called before each run with the repetition's index, outside the timing.
    var prepare: (Int) throws -> Void = { _ in }
    var command: (Int) -> Command
    /// `exists` on a missing file answers 1, and so does `test -e`.
    var expectedStatus: Int32 = 0
}

/// What the bench runs, in table order: a timed pair, or a case that measures itself
/// (the concurrent appends, which report a rate and a count).
enum Benchmark {
    case paired(BenchCase)
    case custom(name: String, commands: [String] = [], run: () -> CaseResult)

    /// A library case: timed in this process by `LibraryRunner`.
    static func library(_ libraryCase: LibraryCase) -> Benchmark {
        .custom(name: libraryCase.name) { LibraryRunner.run(libraryCase) }
    }
}

/// One row of the table: shelf against a baseline, run interleaved.
struct BenchCase {
    var name: String
    var shelf: Side
    var baseline: Side
    var target: Target
    /// The memory bound for shelf, in MiB.
    var rssLimitMiB: Int? = nil
    var repetitions: Int
    /// Also measure the baseline's peak memory (the Disk-style rewrite: memory is its other cost).
    var baselineMemory = false
    /// One untimed run of each side first (for the start-up cases: page cache, binary mapped).
    var warmUp = false
    /// shelf commands that must exist (the others land on their own branches).
    var commands: [String] = []
    /// Tools the baseline needs, looked up on PATH.
    var tools: [String] = []
    /// Creates the case's data once, before the first run.
    var setUp: () throws -> Void = {}
    /// Run once after the last repetition: a failed check is a miss; the text goes in the note.
    var check: () throws -> String? = { nil }
    /// Frees the case's data.
    var tearDown: () throws -> Void = {}
}

/// One timed run: a process (from `wait4`) or a call in this process.
protocol Timed {
    var seconds: Double { get }
    var cpuSeconds: Double { get }
}

extension ChildResult: Timed {}

/// What a case measured, or why it did not run.
struct CaseResult: Codable {
    var name: String
    var baseline: String
    var target: String
    var shelf: Summary?
    var baselineTimes: Summary?
    /// Median and quartiles of shelf ÷ baseline within each interleaved pair.
    var ratio: Summary?
    /// The same for CPU time (user + system).
    var shelfCPU: Summary?
    var baselineCPU: Summary?
    var cpuRatio: Summary?
    var shelfMaxRSSKiB: Int?
    var baselineMaxRSSKiB: Int?
    var rssLimitMiB: Int?
    /// true met, false missed, nil when there is nothing to judge (skipped).
    var pass: Bool?
    var skipped: String?
    var note: String?
    /// The validator rows: MB/s on the thread's CPU time, for the slowest-corpus headline.
    var rateMBps: Double?
    /// The library cases, timed in this process, get a table of their own.
    var inProcess: Bool?
    /// A second baseline, shown and not judged (the library cases: Disk's strategy with or
    /// without fsync), with its times and shelf's ratio to it.
    var other: String?
    var otherTimes: Summary?
    var otherRatio: Summary?

    /// The times of both sides' runs, taken in pairs (run `i` of each side in the same round),
    /// and shelf ÷ baseline within each pair; for CPU time too.
    mutating func record(shelf: [some Timed], baseline: [some Timed]) {
        self.shelf = Summary(shelf.map(\.seconds))
        baselineTimes = Summary(baseline.map(\.seconds))
        ratio = Summary(zip(shelf, baseline).map { $0.seconds / $1.seconds })
        shelfCPU = Summary(shelf.map(\.cpuSeconds))
        baselineCPU = Summary(baseline.map(\.cpuSeconds))
        cpuRatio = Summary(zip(shelf, baseline).map { $0.cpuSeconds / max($1.cpuSeconds, 1e-6) })
    }

    static func skipped(_ benchCase: BenchCase, _ reason: String) -> CaseResult {
        CaseResult(name: benchCase.name, baseline: benchCase.baseline.label, target: benchCase.target.text,
                   rssLimitMiB: benchCase.rssLimitMiB, skipped: reason)
    }
}
