import Foundation
import ShelfTestSupport

/// The outcome of one scenario: how many runs, which failed and why, what was checked. Failures
/// keep the first few messages in full; the count is exact.
final class ScenarioReport {
    let name: String
    let checked: String
    private(set) var runs = 0
    private(set) var failures = 0
    private(set) var messages: [String] = []
    private(set) var notes: [String] = []
    var skipped: String?
    var seconds = 0.0

    init(_ name: String, checked: String) {
        self.name = name
        self.checked = checked
    }

    /// Counts one run; `problems` empty means it passed.
    func record(_ problems: [String], run label: @autoclosure () -> String) {
        runs += 1
        guard !problems.isEmpty else { return }
        failures += 1
        // Every failure goes to the progress stream too, so that a run lists all of them.
        FileHandle.standardError.write(Data("  FAIL \(name): \(label()): \(problems.joined(separator: "; ").prefix(600))\n".utf8))
        if messages.count < 12 { messages.append("\(label()): " + problems.joined(separator: "; ")) }
    }

    func note(_ text: String) { notes.append(text) }

    var status: String { skipped != nil && runs == 0 ? "skipped" : failures == 0 ? "ok" : "FAILED" }
}

/// Collects problems for one run: `expect(condition, message)` reads like a test.
struct Checks {
    var problems: [String] = []

    mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
    }

    /// A finished process must have exited (not been killed, not hung) with one of `statuses`.
    mutating func expect(_ result: ChildResult, in statuses: Set<Int32>, _ what: String) {
        if result.timedOut { problems.append("\(what): hung (timed out)"); return }
        if let signal = result.signal { problems.append("\(what): killed by signal \(signal)"); return }
        if !statuses.contains(result.status) {
            problems.append("\(what): expected exit \(statuses.sorted().map(String.init).joined(separator: "/")), got \(result.summary)")
        }
    }

    mutating func add(_ problem: String) { problems.append(problem) }

    /// A crash report, a backtrace or a trap message on stderr is a crash whatever the status.
    mutating func expectNoCrashReport(_ result: ChildResult, _ what: String) {
        let text = result.err
        for marker in ["Backtrace", "Crashed", "Fatal error", "Thread 0", "💣", "*** Signal", "Stack dump", "Current stack trace",
                       "Illegal instruction", "Segmentation fault", "Aborted"] where text.contains(marker) {
            problems.append("\(what): crash report on stderr (\(marker)): \(text.prefix(200))")
            return
        }
    }
}

/// The table printed at the end of a battery run.
enum SummaryTable {
    static func render(_ reports: [ScenarioReport]) -> String {
        let header = ["scenario", "runs", "failures", "status", "time", "what was checked"]
        let rows = reports.map { r in
            [r.name, String(r.runs), String(r.failures), r.status, String(format: "%.1fs", r.seconds),
             r.skipped.map { r.runs == 0 ? "skipped: \($0)" : "\(r.checked) (partly skipped: \($0))" } ?? r.checked]
        }
        return TextTable.columns([header] + rows, rule: true, padLast: false)
    }
}
