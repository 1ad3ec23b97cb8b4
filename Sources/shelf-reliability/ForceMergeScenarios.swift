import Foundation
import ShelfTestSupport

/// `--force` on folders (issue 15), raced by other shelf processes: `copy -f` merging a folder into
/// one that writers are appending and saving into (nothing they were told was written may be lost:
/// a merge never removes anything) and `move -f` onto such a folder (always refused, nothing lost).
/// (Saves racing saves over a file whose mode must stay: "concurrency: save race".)
enum ForceMergeScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("force: copy -f merges racing writers", checked: "copy -f of a folder onto a folder while appenders and savers write into the target, and move -f onto it: every acknowledged append once, every acknowledged save there, merged files the source's, move refused (73)") { report in
            var rng = battery.random(for: "force-merge")
            for round in 0..<(battery.full ? 6 : 2) {
                let sandbox = try Sandbox(label: "merge")
                defer { sandbox.destroy() }
                let sources = (0..<6).map { i in Content.json(run: round * 10 + i, size: rng.int(1...(64 << 10)), &rng) }
                for (i, bytes) in sources.enumerated() {
                    try battery.shelf.setUp("caches", "t/sub\(i % 2)/f\(i)", bytes, in: sandbox)
                }
                try battery.shelf.setUp("documents", "t/sub0/f0", Array("old".utf8), in: sandbox)
                var checks = Checks()
                var appended: [String] = [], saved: [String] = []
                var moves = 0
                let total = battery.full ? 60 : 20
                let merger = Lanes.Lane(count: total, start: { n in
                    if n % 5 == 0 { moves += 1 }
                    return try battery.shelf.start([n % 5 == 0 ? "move" : "copy", "-f", "caches", "t", "documents"], in: sandbox)
                }, finished: { _, result in
                    // A move onto the (never empty) target is refused; a copy merges.
                    checks.expect(result, in: [0, 73], "a copy -f / move -f")
                    if result.status == 73 && !result.err.contains("not empty") { checks.add("a 73 that is not the not-empty refusal: \(result.summary)") }
                })
                let item = { (n: Int) in "{\"round\":\(round),\"n\":\(n)}" }, name = { (n: Int) in "t/sub\(n % 3)/written-\(n)" }
                let appender = Lanes.Lane(count: total * 4, start: { n in
                    try battery.shelf.start(["append", "documents", "t/log.jsonl"], in: sandbox, input: .bytes(Array((item(n) + "\n").utf8)))
                }, finished: { n, result in
                    checks.expect(result, in: [0], "an append into the target")
                    if result.status == 0 { appended.append(item(n)) }
                })
                let saver = Lanes.Lane(count: total * 2, start: { n in
                    try battery.shelf.start(["save", "documents", name(n)], in: sandbox, input: .bytes(Array(name(n).utf8)))
                }, finished: { n, result in
                    checks.expect(result, in: [0], "a save into the target")
                    if result.status == 0 { saved.append(name(n)) }
                })
                try Lanes.run([merger, appender, saver])
                let target = sandbox.namespace("documents")
                let log = Sandbox.readFile(target + "/t/log.jsonl").map { String(decoding: $0, as: UTF8.self) } ?? ""
                let lines = log.split(separator: "\n").map(String.init)
                checks.expect(lines.sorted() == appended.sorted(), "the log holds \(lines.count) items, \(appended.count) were acknowledged (each must be there once)")
                for name in saved where Sandbox.readFile(target + "/" + name) != Array(name.utf8) {
                    checks.add("an acknowledged save is missing or changed after the merges: \(name)")
                }
                for (i, bytes) in sources.enumerated() where Sandbox.readFile(target + "/t/sub\(i % 2)/f\(i)") != bytes {
                    checks.add("a merged file is not its source's bytes: t/sub\(i % 2)/f\(i)")
                }
                checks.expect(Sandbox.reservedLeftovers(target).isEmpty, "temporary files left: \(Sandbox.reservedLeftovers(target))")
                report.record(checks.problems, run: "round \(round): \(total) copy -f/move -f (\(moves) moves), \(appended.count) appends, \(saved.count) saves")
            }
        }]
    }
}
