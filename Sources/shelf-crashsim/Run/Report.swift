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
        let counts: [KeyPath<ScenarioResult, Int>] = [\.operations, \.syncs, \.crashPoints, \.states, \.checked, \.nestedStates]
        // Tenths of a second: a double of whole tenths prints as one decimal ("2.0", "381.2").
        let seconds = { (nanoseconds: UInt64) in String((Double(nanoseconds) / 1e8).rounded() / 10) + " s" }
        var table = [header]
        for row in rows {
            guard let result = row.result else {
                table.append([row.scenario.name, "-", "-", "-", "-", "-", "-", "did not run", seconds(row.nanoseconds), ""])
                continue
            }
            var notes: [String] = []
            if result.sampledPoints > 0 { notes.append("\(result.sampledPoints) points sampled") }
            if result.tempFilesLeft > 0 { notes.append("\(result.tempFilesLeft) images with a hidden temp file") }
            if result.inWindow > 0 { notes.append("\(result.inWindow) in the known window: \(row.scenario.window?.note ?? "")") }
            table.append([row.scenario.name] + counts.map { "\(result[keyPath: $0])" }
                         + ["\(result.failures.count)", seconds(row.nanoseconds), notes.joined(separator: "; ")])
        }
        let results = rows.compactMap(\.result)
        table.append(["total"] + counts.map { count in "\(results.reduce(0) { $0 + $1[keyPath: count] })" }
                     + ["\(failures.count + broken.count)", seconds(rows.reduce(0) { $0 + $1.nanoseconds }), ""])
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
