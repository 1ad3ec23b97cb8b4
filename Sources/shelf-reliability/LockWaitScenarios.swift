import Foundation
import ShelfTestSupport

/// Locks held while waiting: pipelines in which one shelf process feeds or drains another on the
/// same file or folder (issue 12 item 8 and its relatives). Each must end by itself; `timeout`
/// kills the whole pipeline after 20 s, and a kill is a hang, reported as a failure.
enum LockWaitScenarios {
    /// Each reads or writes a file or folder that another stage of the same pipeline waits to
    /// lock: a reader draining into a loop of writers, a writer whose input comes from a writer
    /// into the same folder. The stored files (set up below) give more output than a pipe buffer
    /// holds, so a stage that kept its lock while blocked on the pipe would never get past it.
    static let pipelines: [(String, String)] = [
        ("folder append waiting on a save into the folder", "echo '{}' | $S append caches d/ | $S save caches d/last.txt"),
        ("folder append --each feeding a save into the folder", "echo '[1,2,3]' | $S append --each caches d/ | $S save caches d/names.txt"),
        ("folder append feeding an append into the folder", "echo '{}' | $S append caches d/ | $S append caches d/names.txt"),
        ("folder append feeding an array append into the folder", "echo '{}' | $S append caches d/ | sed 's/.*/\"&\"/' | $S append caches d/names.json"),
        ("retrieve --each feeding appends to the same file", "$S retrieve --each caches f.json | while read -r x; do echo \"$x\" | $S append caches f.json; done"),
        ("retrieve --each feeding appends to the same JSON Lines file", "$S retrieve --each caches f.jsonl | while read -r x; do echo \"$x\" | $S append caches f.jsonl; done"),
        ("retrieve --each feeding saves of the same file", "$S retrieve --each caches f.json | while read -r x; do echo \"[$x]\" | $S save caches f.json; done"),
        ("retrieve feeding a reader that appends midway", "$S retrieve caches big.txt | { head -c 10 >/dev/null; echo x | $S append caches big.txt; cat >/dev/null; }"),
        ("retrieve feeding a reader that removes midway", "$S retrieve caches big.txt | { head -c 10 >/dev/null; $S remove caches big.txt; cat >/dev/null; }"),
        ("retrieve feeding a save of the same file", "$S retrieve caches big.txt | $S save caches big.txt"),
        ("retrieve feeding an append to the same file", "$S retrieve caches big.txt | $S append caches big.txt"),
        ("retrieve --each feeding append --each to the same array", "$S retrieve caches f.json | $S append --each caches f.json"),
        ("list feeding a save into the listed folder", "$S list -R caches | $S save caches d/listing.txt"),
        ("clear --verbose feeding a save", "$S clear caches --verbose | $S save caches after.txt"),
        ("append to a folder reading a retrieve of a file in it", "$S retrieve caches d/0 | $S append caches d/"),
        ("retrieve of a file in a folder feeding a loop that removes the folder", "$S retrieve --each caches d/e.json | while read -r x; do $S remove caches d; echo \"$x\" | $S save caches d/0; done"),
    ]

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("locks while waiting", checked: "pipelines of shelf feeding shelf on the same file or folder end by themselves (20 s limit)") { report in
            for (label, script) in pipelines {
                let sandbox = try Sandbox(label: "lockwait")
                defer { sandbox.destroy() }
                _ = try battery.shelf.run(["save", "caches", "d/0"], in: sandbox, input: .bytes(Array("zero".utf8)))
                // 150 elements of 600 bytes: 90 KB of lines, more than a pipe holds, and few
                // enough that a loop of one shelf per line ends well within the limit.
                let elements = (0..<150).map { "{\"n\":\($0),\"pad\":\"\(String(repeating: "x", count: 600))\"}" }
                _ = try battery.shelf.run(["save", "caches", "f.json"], in: sandbox, input: .bytes(Array(("[" + elements.joined(separator: ",") + "]").utf8)))
                _ = try battery.shelf.run(["save", "caches", "f.jsonl"], in: sandbox, input: .bytes(Array(elements.map { $0 + "\n" }.joined().utf8)))
                _ = try battery.shelf.run(["save", "caches", "d/e.json"], in: sandbox, input: .bytes(Array(("[" + elements.prefix(20).joined(separator: ",") + "]").utf8)))
                _ = try battery.shelf.run(["save", "caches", "big.txt"], in: sandbox, input: .bytes(Array(repeating: 0x61, count: 1 << 20)))
                let result = try battery.shelf.start(rawArguments: [], in: sandbox, input: .none, environment: ["S": battery.shelf.path],
                                                     program: ["/usr/bin/timeout", "-s", "KILL", "20", "/bin/sh", "-c", script]).wait(timeout: 60)
                var checks = Checks()
                // timeout(1) kills its whole process group, itself included, with -s KILL.
                checks.expect(!result.timedOut && result.signal == nil && result.status != 137 && result.status != 124, "the pipeline hung: killed after 20 s")
                checks.expectNoCrashReport(result, label)
                report.record(checks.problems, run: label)
            }
        }]
    }
}
