import Glibc
import ShelfCore

/// Runs the scenarios (or one replay, or the sync analysis) and reports like the battery does:
/// the seed first and last, progress on standard error, a table and the failures on standard output.
enum Simulator {
    static func main(_ arguments: [String]) -> Int32 {
        let options: Options
        let scenarios: [Scenario]
        do {
            options = try Options.parse(arguments)
            scenarios = try options.scenarios()
        } catch {
            note("\(error)")
            return 64
        }
        if options.list {
            for scenario in Scenarios.all { print("\(scenario.name)\t\(scenario.summary)") }
            return 0
        }
        let machine = Machine.install()
        let explorer = Explorer(machine: machine, settings: options.settings)
        if let token = options.replay { return Replay.run(token, explorer: explorer) }
        print("shelf-crashsim: seed \(options.seed), \(options.quick ? "quick" : "full") run, model \(options.modelName) \(options.modelFlags)")
        if options.syncAnalysis { return SyncAnalysis.run(scenarios, explorer: explorer) }
        var rows: [Report.Row] = []
        var failures: [Failure] = []
        var broken: [String] = []
        for scenario in scenarios {
            note("crashsim: \(scenario.name)…")
            let started = ProcessState.monotonicNanoseconds()
            do {
                let recording = try machine.record(scenario, model: options.model, sites: false)
                let result = explorer.explore(scenario, recording)
                rows.append(Report.Row(scenario: scenario, result: result, nanoseconds: ProcessState.monotonicNanoseconds() - started))
                failures += result.failures
            } catch {
                broken.append("\(scenario.name): \(error)")
                rows.append(Report.Row(scenario: scenario, result: nil, nanoseconds: ProcessState.monotonicNanoseconds() - started))
            }
        }
        Report.print(rows, failures: failures, broken: broken, replayFlags: options.modelFlags)
        print("shelf-crashsim: seed \(options.seed)")
        return failures.isEmpty && broken.isEmpty ? 0 : 1
    }

    /// Progress and errors, on standard error (the real one: the model only serves the engine).
    static func note(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
