import Foundation

/// Every signal that ends a process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGKILL) at a
/// random moment of save, copy, a move across file systems, a folder append, an `--each` append
/// and clear. Afterwards: no crash report, the old content or the complete new one (the new one
/// never from a cut input), no entry the command did not mean to make in any `ls -A` of the
/// namespaces (SIGKILL may leave one, and then `clear` must remove it), no hang.
enum SignalScenarios {
    static let signals: [(String, Int32)] = [("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP), ("QUIT", SIGQUIT), ("PIPE", SIGPIPE), ("KILL", SIGKILL)]
    static let commands = ["save", "copy", "copy-folder", "move-cross-fs", "move-file-cross-fs", "folder-append", "folder-each-append",
                           "each-append", "clear"]

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("signals", checked: "INT/TERM/HUP/QUIT/PIPE/KILL during save, copy (file, folder), cross-fs move (folder, file), folder append (one, --each), --each append, clear: old or whole new content, no crash report, ended by that signal, no temp left (clear removes SIGKILL's)") { report in
            var rng = battery.random(for: "signals")
            var windows: [String: Double] = [:]
            var leftBySignal: [String: Int] = [:]
            for round in 0..<(battery.full ? 5 : 1) {
                for command in commands {
                    for (name, number) in signals {
                        let stage = try SignalStage(battery, command: command, &rng)
                        defer { stage.destroy() }
                        if stage.unavailable { report.skipped = "no second file system"; continue }
                        if windows[command] == nil {
                            let probe = try SignalStage(battery, command: command, &rng)
                            defer { probe.destroy() }
                            windows[command] = try probe.calibrate(&rng)
                        }
                        let (problems, left) = try stage.interrupt(number, window: windows[command]!, &rng)
                        leftBySignal[name, default: 0] += left
                        report.record(problems, run: "round \(round): SIG\(name) during \(command)")
                    }
                }
            }
            report.note("entries left behind, by signal: " + leftBySignal.sorted { $0.key < $1.key }.map { "SIG\($0.key) \($0.value)" }.joined(separator: ", "))
        }]
    }
}
