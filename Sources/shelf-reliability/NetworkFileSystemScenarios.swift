import Foundation
import ShelfTestSupport

/// The network-file-system path, forced with SHELF_FORCE_NETWORK_FS=1: traced with strace(1),
/// shelf must not use O_TMPFILE, renameat2 or /proc/locks (none works across hosts); and the
/// scenarios that exercise those paths must pass with the variable set.
enum NetworkFileSystemScenarios {
    static let variable = "SHELF_FORCE_NETWORK_FS"

    static func run(_ battery: Battery) -> [ScenarioReport] {
        var forced = battery.shelf
        forced.environment[variable] = "1"
        let again = Battery(shelf: forced, seed: battery.seed, full: battery.full, fixtures: battery.fixtures, prefix: "network fs: ")
        let trace = battery.scenario("network fs: system calls", checked: "with \(variable)=1 no O_TMPFILE, renameat2 or /proc/locks in save, append, copy, move, rename, clear") { report in
            guard let strace = ["/usr/bin/strace", "/bin/strace"].first(where: { (path: String) in access(path, X_OK) == 0 }) else { report.skipped = "strace(1) is not installed"; return }
            for invocation in Invocation.all where ["save", "append", "copy", "move", "rename", "clear", "remove", "sync"].contains(invocation.arguments[0]) {
                let sandbox = try Sandbox(label: "nfs")
                defer { sandbox.destroy() }
                try Invocation.setUp(sandbox)
                let log = sandbox.path("trace.txt")
                let tracer = [strace, "-f", "-qq", "-e", "trace=openat,open,renameat2,rename,renameat", "-o", log, forced.path]
                _ = try forced.start(rawArguments: invocation.arguments.map { Array($0.utf8) }, in: sandbox,
                                     input: invocation.input.map { .bytes($0) } ?? .none, program: tracer).wait(timeout: 20)
                let text = String(decoding: Sandbox.readFile(log) ?? [], as: UTF8.self)
                var checks = Checks()
                for (needle, what) in [("O_TMPFILE", "O_TMPFILE"), ("renameat2(", "renameat2"), ("/proc/locks", "/proc/locks")] where text.contains(needle) {
                    checks.add("uses \(what) with \(variable)=1")
                }
                report.record(checks.problems, run: invocation.label)
            }
        }
        return [trace] + GenerationScenarios.run(again) + OwnedNameScenarios.run(again) + SignalScenarios.run(again) + WriteRaceScenarios.run(again)
    }
}
