import Glibc
import ShelfTestSupport

/// Runs a case: shelf and its baseline alternate run by run (the order flips each repetition),
/// so that a burst of load from elsewhere on the machine hits both sides alike; the ratio is
/// taken within each pair for the same reason.
struct CaseRunner {
    let workspace: Workspace
    let log: (String) -> Void

    func run(_ benchCase: BenchCase) -> CaseResult {
        for command in benchCase.commands where !workspace.hasCommand(command) {
            return .skipped(benchCase, "command not available: \(command)")
        }
        for tool in benchCase.tools where workspace.tool(tool) == nil {
            return .skipped(benchCase, "\(tool) not installed")
        }
        log("\(benchCase.name) vs \(benchCase.baseline.label): \(benchCase.repetitions) pairs")
        defer { try? benchCase.tearDown() }
        var result = CaseResult(name: benchCase.name, baseline: benchCase.baseline.label,
                                target: benchCase.target.text, rssLimitMiB: benchCase.rssLimitMiB)
        do {
            try benchCase.setUp()
            let sides = [benchCase.shelf, benchCase.baseline]
            if benchCase.warmUp { for side in sides { _ = try once(side, repetition: -1) } }
            var runs: [[ChildResult]] = [[], []]
            for repetition in 0..<benchCase.repetitions {
                // Shelf first in even rounds, the baseline first in odd ones.
                for index in repetition % 2 == 0 ? [0, 1] : [1, 0] {
                    runs[index].append(try once(sides[index], repetition: repetition))
                }
            }
            // CPU time (from wait4; unlike the peak memory it is not inherited across exec) is less noisy
            // than wall time on a shared machine, where waiting for a core or the disk shows in the wall time only.
            result.record(shelf: runs[0], baseline: runs[1])
            result.shelfMaxRSSKiB = try peakMemory(benchCase.shelf, repetition: benchCase.repetitions)
            if benchCase.baselineMemory {
                result.baselineMaxRSSKiB = try peakMemory(benchCase.baseline, repetition: benchCase.repetitions)
            }
            var pass = benchCase.target.met(result.ratio!.median)
            if let limit = benchCase.rssLimitMiB, let rss = result.shelfMaxRSSKiB {
                pass = (pass ?? true) && rss <= limit * 1024
            }
            result.note = try benchCase.check()
            result.pass = pass
        } catch {
            result.pass = false
            result.note = "\(error)"
        }
        return result
    }

    /// The peak RSS of one more, untimed run. The harness cannot take it from its own `wait4`:
    /// a child started with posix_spawn (or fork) inherits the harness's peak at exec. GNU
    /// time starts it from a small process instead; without it, the number is nil.
    private func peakMemory(_ side: Side, repetition: Int) throws -> Int? {
        guard let time = workspace.gnuTime else { return nil }
        try side.prepare(repetition)
        var command = side.command(repetition)
        let report = workspace.root + "/rss.txt"
        command.arguments = [time, "-f", "%M", "-o", report] + command.arguments
        let measured = try Spawner.run(command)
        if measured.status != side.expectedStatus { throw BenchError("\(side.label): \(measured.summary)") }
        let text = try readText(report)
        return text.split(separator: "\n").last.flatMap { Int($0.trimmingPrefix(" ")) }
    }

    /// One timed run of one side; a run that fails is an error of the case, not a data point.
    private func once(_ side: Side, repetition: Int) throws -> ChildResult {
        try side.prepare(repetition)
        let measured = try Spawner.run(side.command(repetition))
        if measured.status != side.expectedStatus { throw BenchError("\(side.label): \(measured.summary)") }
        return measured
    }
}
