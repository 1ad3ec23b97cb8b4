import ShelfTestSupport

/// The summary table and the failures in full.
enum Report {
    struct Row {
        let scenario: Scenario
        /// nil when the scenario could not even run without a crash.
        let result: ScenarioResult?
        let nanoseconds: UInt64
    }

    static func print(_ rows: [Row], failures: [Failure], broken: [String], replayFlags: String) {
        let header = ["scenario", "ops", "syncs", "crash points", "states", "judged", "2nd crash", "failures", "time", "notes"]
        var table = [header]
        var total = ScenarioResult()
        for row in rows {
            let seconds = String(format1: Double(row.nanoseconds) / 1e9) + " s"
            guard let result = row.result else {
                table.append([row.scenario.name, "-", "-", "-", "-", "-", "-", "did not run", seconds, ""])
                continue
            }
            total.operations += result.operations
            total.syncs += result.syncs
            total.crashPoints += result.crashPoints
            total.states += result.states
            total.checked += result.checked
            total.nestedStates += result.nestedStates
            var notes: [String] = []
            if result.sampledPoints > 0 { notes.append("\(result.sampledPoints) points sampled") }
            if result.tempFilesLeft > 0 { notes.append("\(result.tempFilesLeft) images with a hidden temp file") }
            if result.inWindow > 0 { notes.append("\(result.inWindow) in the known window: \(row.scenario.window?.note ?? "")") }
            table.append([row.scenario.name, "\(result.operations)", "\(result.syncs)", "\(result.crashPoints)", "\(result.states)",
                          "\(result.checked)", "\(result.nestedStates)", "\(result.failures.count)", seconds, notes.joined(separator: "; ")])
        }
        let seconds = String(format1: Double(rows.reduce(0) { $0 + $1.nanoseconds }) / 1e9) + " s"
        table.append(["total", "\(total.operations)", "\(total.syncs)", "\(total.crashPoints)", "\(total.states)", "\(total.checked)",
                      "\(total.nestedStates)", "\(failures.count + broken.count)", seconds, ""])
        Swift.print(TextTable.columns(table))
        for problem in broken { Swift.print("DID NOT RUN \(problem)") }
        var shown: [String: Int] = [:]
        for failure in failures {
            shown[failure.scenario, default: 0] += 1
            guard shown[failure.scenario]! <= 3 else { continue }
            Swift.print("FAIL \(failure.scenario) at crash point \(failure.position) (after: \(failure.after))"
                + (failure.acknowledged ? ", after the command returned" : "") + ": \(failure.reason)")
            Swift.print("     replay: shelf-crashsim \(replayFlags)--replay \(failure.replay)")
        }
        for (scenario, count) in shown.sorted(by: { $0.key < $1.key }) where count > 3 {
            Swift.print("     … and \(count - 3) more failures of \(scenario)")
        }
    }
}

extension String {
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
