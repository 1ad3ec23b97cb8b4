import Foundation

/// Every command that prints, with standard output on `/dev/full` (every write fails with
/// ENOSPC): the output is lost, so the status must say so (74, as retrieve does), never 0.
enum UnwritableOutputScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("unwritable stdout", checked: "every command that prints, > /dev/full: exit 74") { report in
            guard access("/dev/full", W_OK) == 0 else { report.skipped = "no /dev/full"; return }
            for invocation in Invocation.all {
                let reference = try invocation.run(battery).0
                guard reference.status == 0 && !reference.stdout.isEmpty else { continue }
                let result = try invocation.run(battery, redirect: ">/dev/full").0
                var checks = Checks()
                checks.expectNoCrashReport(result, invocation.label)
                checks.expect(result, in: [74], "\(invocation.label) > /dev/full")
                report.record(checks.problems, run: "\(invocation.label) > /dev/full")
            }
        }]
    }
}
