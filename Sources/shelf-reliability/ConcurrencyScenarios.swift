import Foundation
import ShelfTestSupport

/// Many shelf processes on the same files at once: no update lost, no reader sees a torn file.
/// Saves racing saves; appends (8 processes × 1,000 to a JSON array, a JSON Lines file and a
/// folder) with readers alongside; and `clear` racing `append`.
enum ConcurrencyScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [saveRace(battery), appends(battery), clearRace(battery)]
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

    static let writers = 8

    /// The item writer `w` appends as its `i`th.
    static func item(_ w: Int, _ i: Int) -> String { "{\"w\":\(w),\"i\":\(i)}" }

    static func appends(_ battery: Battery) -> ScenarioReport {
        // The quick run (inside `make test`) does a quarter: 8 × 1,000 takes minutes on a small machine.
        let appendsPerWriter = battery.full ? 1000 : 250
        return battery.scenario("concurrency: append", checked: "8 processes × \(appendsPerWriter) appends to an array, a JSON Lines file and a folder + 2 readers; exactly \(8 * appendsPerWriter) each, readers see valid JSON", sandbox: "append-race") { report, sandbox in
            var checks = Checks()
            var reads = 0
            var writersLeft = writers
            var lanes = (0..<writers).map { w in
                Lanes.Lane(count: appendsPerWriter * 3, start: { n in
                    // Each writer's appends go to the array, the JSON Lines file and the folder in turn.
                    let (i, kind) = ((n - 1) / 3, (n - 1) % 3)
                    let text = item(w, i) + (kind == 1 ? "\n" : "")
                    return try battery.shelf.start(["append", "caches", ["c/list.json", "c/log.jsonl", "c/inbox/"][kind]], in: sandbox, input: .bytes(Array(text.utf8)))
                }, finished: { n, result in
                    var one = Checks()
                    one.expect(result, in: [0], "append")
                    report.record(one.problems, run: "writer \(w), append \(n - 1)")
                }, done: { writersLeft -= 1 })
            }
            for r in 0..<2 {
                var turn = r
                lanes.append(Lanes.Lane(next: {
                    guard writersLeft > 0 else { return nil }
                    turn += 1
                    return try battery.shelf.start(["retrieve", "caches", turn % 2 == 0 ? "c/list.json" : "c/log.jsonl"], in: sandbox)
                }, finished: { result in
                    reads += 1
                    var one = Checks()
                    one.expect(result, in: [0, 66], "a retrieve during the appends")  // 66: nothing appended yet
                    if result.status == 0, let problem = validity(result.stdout, lines: turn % 2 != 0) { one.add("a reader saw \(problem)") }
                    report.record(one.problems, run: "reader \(r), read \(reads)")
                }))
            }
            let started = Date()
            try Lanes.run(lanes)
            let seconds = Date().timeIntervalSince(started)
            let expected = Set((0..<writers).flatMap { w in (0..<appendsPerWriter).map { item(w, $0) } })
            for path in ["c/list.json", "c/log.jsonl"] {
                let read = try battery.shelf.run(["retrieve", "caches", path], in: sandbox)
                checks.expect(read, in: [0], "retrieve \(path)")
                checks.problems += countProblems(items(read.stdout, lines: path.hasSuffix(".jsonl")), expected, what: path)
            }
            let inbox = sandbox.namespace("caches") + "/c/inbox"
            let files = Visibility.visibleEntries(inbox).map { String(decoding: Sandbox.readFile(inbox + "/" + $0) ?? [], as: UTF8.self) }
            checks.problems += countProblems(files, expected, what: "c/inbox/")
            report.record(checks.problems, run: "the counts after 8 × \(appendsPerWriter) appends")
            let total = writers * appendsPerWriter * 3
            report.note(String(format: "append: %d appends in %.1f s (%.0f/s) with %d reads alongside", total, seconds, Double(total) / seconds, reads))
        }
    }

    /// What is wrong with a reader's view, or nil if it is valid JSON (array or JSON Lines).
    static func validity(_ bytes: [UInt8], lines: Bool) -> String? {
        if !lines {
            return Content.parseJSON(bytes) is [Any] ? nil : "an array that is not valid JSON (\(bytes.count) bytes)"
        }
        if !bytes.isEmpty && bytes.last != 10 { return "a JSON Lines file whose last line is unfinished" }
        for line in bytes.split(separator: 10) where Content.parseJSON(Array(line)) == nil {
            return "a JSON Lines line that is not valid JSON"
        }
        return nil
    }

    /// The items of an array or JSON Lines file, each as compact `{"w":…,"i":…}` text.
    static func items(_ bytes: [UInt8], lines: Bool) -> [String] {
        let values: [Any] = lines ? bytes.split(separator: 10).compactMap { Content.parseJSON(Array($0)) }
            : (Content.parseJSON(bytes) as? [Any]) ?? []
        return values.map { value in
            let object = value as? [String: Any]
            return item(object?["w"] as? Int ?? -1, object?["i"] as? Int ?? -1)
        }
    }

    /// Exactly the expected items, each once, each writer's in the order it appended them.
    static func countProblems(_ found: [String], _ expected: Set<String>, what: String) -> [String] {
        var problems: [String] = []
        if found.count != expected.count { problems.append("\(what) holds \(found.count) items, expected exactly \(expected.count)") }
        let distinct = Set(found)
        if distinct.count != found.count { problems.append("\(what) holds \(found.count - distinct.count) duplicates") }
        let missing = expected.subtracting(distinct)
        if !missing.isEmpty { problems.append("\(what) lacks \(missing.count) items, e.g. \(missing.sorted().prefix(2))") }
        let foreign = distinct.subtracting(expected)
        if !foreign.isEmpty { problems.append("\(what) holds \(foreign.count) items nobody appended") }
        return problems
    }

    /// `clear` running again and again while appenders write: nothing torn, nothing invented.
    static func clearRace(_ battery: Battery) -> ScenarioReport {
        battery.scenario("concurrency: clear vs append", checked: "4 appenders × 150 + clear in a loop; survivors valid and each once; no signal, no hang", sandbox: "clear-race") { report, sandbox in
            for round in 0..<4 {
                var checks = Checks()
                var appendersLeft = 4
                var lanes = (0..<4).map { w in
                    Lanes.Lane(count: 150, start: { n in
                        let i = n - 1, path = i % 2 == 0 ? "c/list.json" : "c/log.jsonl"
                        let text = item(w, i) + (i % 2 == 0 ? "" : "\n")
                        return try battery.shelf.start(["append", "caches", path], in: sandbox, input: .bytes(Array(text.utf8)))
                    }, finished: { n, result in
                        var one = Checks()
                        one.expect(result, in: [0], "an append racing clear")
                        report.record(one.problems, run: "round \(round), writer \(w), append \(n - 1)")
                    }, done: { appendersLeft -= 1 })
                }
                lanes.append(Lanes.Lane(next: {
                    appendersLeft > 0 ? try battery.shelf.start(["clear", "caches"], in: sandbox) : nil
                }, finished: { result in
                    var one = Checks()
                    one.expect(result, in: [0], "a clear racing appends")
                    report.record(one.problems, run: "round \(round), a clear")
                }))
                try Lanes.run(lanes)
                for path in ["c/list.json", "c/log.jsonl"] {
                    let read = try battery.shelf.run(["retrieve", "caches", path], in: sandbox)
                    checks.expect(read, in: [0, 66], "retrieve \(path) after the race")
                    guard read.status == 0 else { continue }
                    if let problem = validity(read.stdout, lines: path.hasSuffix(".jsonl")) { checks.add("after the race, \(path) is \(problem)") }
                    let found = items(read.stdout, lines: path.hasSuffix(".jsonl"))
                    if Set(found).count != found.count { checks.add("\(path) holds duplicates") }
                    if found.contains(where: { $0.contains("-1") }) { checks.add("\(path) holds items nobody appended") }
                }
                checks.problems += Visibility.problems(battery, sandbox, directory: "caches",
                                                       expected: Visibility.visibleEntries(sandbox.namespace("caches")).filter { !$0.contains(".shelf-") })
                report.record(checks.problems, run: "round \(round), the files after it")
                _ = try battery.shelf.run(["clear", "caches"], in: sandbox)
            }
        }
    }
}
