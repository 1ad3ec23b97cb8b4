import Foundation
import ShelfTestSupport

/// Many shelf processes on the same files at once: no update lost, no reader sees a torn file.
enum ConcurrencyScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [saveRace(battery)] + ConcurrentAppendScenarios.run(battery)
    }

    /// 8 `save`s of different documents to one path at once, readers alongside: every read and
    /// the final file are one writer's document, whole, and the file keeps the mode it was given.
    static func saveRace(_ battery: Battery) -> ScenarioReport {
        battery.scenario("concurrency: save race", checked: "8 saves to one .json made 0644 at once + 2 readers; every read and the result are one whole document; still 0644", sandbox: "save-race") { report, sandbox in
            var rng = battery.random(for: "concurrency-save")
            let path = "race/doc.json", file = sandbox.namespace("caches") + "/race/doc.json"
            let initial = Content.json(run: -1, size: 1000, &rng)
            try battery.shelf.setUp("caches", path, initial, in: sandbox)
            guard chmod(file, 0o644) == 0 else { throw HarnessError("chmod failed") }
            var reads = 0
            var before = initial
            for round in 0..<25 {
                let documents = (0..<8).map { w in Content.json(run: round * 8 + w, size: rng.int(1000...(512 << 10)), &rng) }
                var allowed = Set(documents)
                allowed.insert(before)  // what readers see until the first writer of this round is done
                var checks = Checks()
                var writersLeft = documents.count
                let writers = documents.map { document in
                    Lanes.Lane(count: 1, start: { _ in try battery.shelf.start(["save", "caches", path], in: sandbox, input: .bytes(document)) },
                               finished: { _, result in
                        writersLeft -= 1
                        var one = Checks()
                        one.expect(result, in: [0], "a racing save")
                        report.record(one.problems, run: "round \(round), a save")
                    })
                }
                let readers = (0..<2).map { _ in
                    Lanes.Lane(next: {
                        writersLeft > 0 ? try battery.shelf.start(["retrieve", "caches", path], in: sandbox) : nil
                    }, finished: { result in
                        reads += 1
                        var one = Checks()
                        one.expect(result, in: [0], "a retrieve during the race")
                        if result.status == 0 && !allowed.contains(result.stdout) {
                            one.add("a reader saw \(result.stdout.count) bytes that are no writer's whole document")
                        }
                        report.record(one.problems, run: "round \(round), a read")
                    })
                }
                try Lanes.run(writers + readers)
                let final = try battery.shelf.run(["retrieve", "caches", path], in: sandbox)
                checks.expect(final, in: [0], "retrieve after the race")
                checks.expect(documents.contains(final.stdout), "the file after the race is no writer's whole document")
                var st = stat()
                checks.expect(lstat(file, &st) == 0 && st.st_mode & 0o7777 == 0o644,
                              "the mode after the race is \(String(st.st_mode & 0o7777, radix: 8)), not 644")
                before = final.stdout
                checks.problems += Visibility.problems(battery, sandbox, directory: "caches", expected: ["race", "race/doc.json"])
                report.record(checks.problems, run: "round \(round), the result")
            }
            report.note("save race: 25 rounds × 8 writers, \(reads) reads during the races")
        }
    }
}
