import Foundation
import ShelfTestSupport

/// The commands that write a program's output (issue 15): `update` (read-modify-write under the
/// file's lock) and `save --from-command`. Kills of shelf or of its program at random moments
/// leave the old content or the whole new one and nothing behind; updates racing appends and
/// moves of the same file lose nothing; a program that calls shelf on the file its update holds
/// fails at once instead of hanging.
enum ProgramWriteScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [kills(battery), races(battery), nested(battery)]
    }

    /// The programs: each copies a prepared new content to its output, slowly enough (in pieces)
    /// that a kill can land in the middle; `update`'s also reads its input.
    static let commands: [(String, [String])] = [
        ("update", ["update", "caches", "f.bin", "--", "/bin/sh", "-c", "cat > /dev/null; for p in a b c d; do cat \"$NEW.$p\"; done"]),
        ("save --from-command", ["save", "caches", "f.bin", "--from-command", "--", "/bin/sh", "-c", "for p in a b c d; do cat \"$NEW.$p\"; done"]),
    ]

    static func kills(_ battery: Battery) -> ScenarioReport {
        battery.scenario("program writes: kills", checked: "SIGKILL/TERM/INT of shelf, or SIGKILL of its program, at random moments of update and save --from-command: old or whole new content, nothing left (but a hidden temp after SIGKILL of shelf, which clear removes), the lock free") { report in
            var rng = battery.random(for: "program-kills")
            let signals: [(String, Int32)] = [("KILL", SIGKILL), ("TERM", SIGTERM), ("INT", SIGINT)]
            for round in 0..<(battery.full ? 12 : 3) {
                for (label, arguments) in commands {
                    for victim in ["shelf", "program"] {
                        let sandbox = try Sandbox(label: "program-kill")
                        defer { sandbox.destroy() }
                        let old = rng.bytes(rng.int(1...(64 << 10)))
                        let pieces = (0..<4).map { _ in rng.bytes(rng.int(1...(256 << 10))) }
                        for (piece, name) in zip(pieces, ["a", "b", "c", "d"]) { try Sandbox.writeFile(sandbox.path("new.\(name)"), piece) }
                        let new = pieces.flatMap { $0 }
                        try battery.shelf.setUp("caches", "f.bin", old, in: sandbox)
                        var arguments = arguments
                        let (signalName, number) = rng.pick(signals)
                        if victim == "program" {
                            // The program kills itself partway: shelf must keep the old file.
                            arguments[arguments.count - 1] = arguments[arguments.count - 1]
                                .replacingOccurrences(of: "for p in a b c d; do cat \"$NEW.$p\"; done", with: "cat \"$NEW.a\" \"$NEW.b\"; kill -KILL $$; cat \"$NEW.c\"")
                        }
                        let child = try battery.shelf.start(arguments, in: sandbox, input: .none,
                                                            environment: ["NEW": sandbox.path("new")])
                        if victim == "shelf" {
                            usleep(UInt32(rng.int(0...30_000)))
                            child.kill(number)
                        }
                        let result = child.wait(timeout: 60)
                        var checks = Checks()
                        checks.expect(!result.timedOut, "\(label) did not end")
                        checks.expectNoCrashReport(result, label)
                        let stored = Sandbox.readFile(sandbox.namespace("caches") + "/f.bin")
                        checks.expect(stored == old || stored == new, "f.bin is neither the old content nor the whole new one (\(stored?.count ?? -1) bytes)")
                        if victim == "program" {
                            // shelf's own status for a failed program (125), its signal in the message (issue 22 item 8).
                            checks.expect(stored == old && result.status == 125, "a killed program's output was stored (exit \(result.status))")
                        }
                        if result.exited && result.status == 0 { checks.expect(stored == new, "exit 0 but the new content is not stored") }
                        let left = Sandbox.reservedLeftovers(sandbox.namespace("caches"))
                        // The documented guarantee (docs/reliability.md, "Limits"): a SIGKILL of shelf, which no
                        // handler sees, between naming the complete temp and renaming it over the file leaves that
                        // hidden temp, whose lock died with it, and `clear` removes it. Nothing else, and
                        // nothing after a signal shelf handles.
                        let killedShelf = victim == "shelf" && number == SIGKILL
                        checks.expect(left.isEmpty || (killedShelf && left.allSatisfy { $0.split(separator: "/").last?.hasPrefix(".shelf-tmp-") == true }),
                                      "left behind: \(left)")
                        // The lock died with the process: the next update runs at once.
                        let next = try battery.shelf.run(["update", "caches", "f.bin", "--", "/bin/cat"], in: sandbox)
                        checks.expect(next.status == 0 && !next.timedOut, "an update after the kill failed: exit \(next.status)")
                        if !left.isEmpty {
                            _ = try battery.shelf.run(["clear", "caches"], in: sandbox)
                            let kept = Sandbox.reservedLeftovers(sandbox.namespace("caches"))
                            checks.expect(kept.isEmpty, "clear caches kept what the killed \(label) left: \(kept)")
                        }
                        report.record(checks.problems, run: "round \(round): \(victim == "shelf" ? "SIG\(signalName) of shelf" : "SIGKILL of the program") during \(label)")
                    }
                }
            }
        }
    }

    /// An update that adds one line: the file is a byte file of lines, so appends add lines too.
    static func addLine(_ line: String) -> [String] {
        ["update", "caches", "f.txt", "--", "/bin/sh", "-c", "cat; echo \(line)"]
    }

    static func races(_ battery: Battery) -> ScenarioReport {
        battery.scenario("program writes: races", checked: "updates racing appends and moves of the same file: every acknowledged line found once, nothing left") { report in
            let rounds = battery.full ? 6 : 2
            for round in 0..<rounds {
                for rival in ["append", "move"] {
                    let sandbox = try Sandbox(label: "program-race")
                    defer { sandbox.destroy() }
                    try battery.shelf.setUp("caches", "f.txt", Array("start\n".utf8), in: sandbox)
                    var acknowledged: [String] = []
                    var checks = Checks()
                    var lanes = (0..<4).map { lane in
                        Lanes.Lane(count: 15, start: { n in try battery.shelf.start(addLine("u\(lane)-\(n)"), in: sandbox) }, finished: { n, result in
                            if result.status == 0 { acknowledged.append("u\(lane)-\(n)") }
                            // While the file is in documents, caches has none: 66.
                            checks.expect(result, in: rival == "move" ? [0, 66] : [0], "an update racing \(rival)")
                        })
                    }
                    if rival == "append" {
                        lanes += (0..<2).map { lane in
                            Lanes.Lane(count: 15, start: { k in
                                try battery.shelf.start(["append", "caches", "f.txt"], in: sandbox, input: .bytes(Array("a\(lane)-\(k)\n".utf8)))
                            }, finished: { k, result in
                                if result.status == 0 { acknowledged.append("a\(lane)-\(k)") }
                                checks.expect(result, in: [0], "an append racing updates")
                            })
                        }
                    } else {
                        lanes.append(Lanes.Lane(count: 20, start: { m in
                            let there = m % 2 == 1
                            return try battery.shelf.start(["move", there ? "caches" : "documents", "f.txt", there ? "documents" : "caches"], in: sandbox)
                        }, finished: { _, result in checks.expect(result, in: [0], "a move racing updates") }))
                    }
                    try Lanes.run(lanes)
                    let text = Sandbox.readFile(sandbox.namespace("caches") + "/f.txt") ?? Sandbox.readFile(sandbox.namespace("documents") + "/f.txt") ?? []
                    let lines = String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
                    checks.expect(lines.first == "start", "the file lost its first line")
                    checks.expect(lines.dropFirst().sorted() == acknowledged.sorted(),
                                  "\(acknowledged.count) lines acknowledged, \(lines.count - 1) stored, \(Set(acknowledged).subtracting(lines).count) lost")
                    checks.expect(Sandbox.reservedLeftovers(sandbox.root).isEmpty, "left behind: \(Sandbox.reservedLeftovers(sandbox.root))")
                    report.record(checks.problems, run: "round \(round): updates racing \(rival)")
                }
            }
        }
    }

    /// Programs that call shelf on the file their update holds, directly or through a nested
    /// update of another file: each must end by itself (20 s limit) with the update failed and
    /// the file unchanged.
    static let nestedCalls = [
        "retrieve caches f.json", "retrieve --each caches f.json", "append caches f.json", "save caches f.json",
        "update caches f.json -- cat", "move caches f.json documents", "remove caches f.json", "copy caches f.json documents",
        "update caches g.json --create 1 -- sh -c \"$S retrieve caches f.json\"",
    ]

    static func nested(_ battery: Battery) -> ScenarioReport {
        battery.scenario("program writes: nested shelf", checked: "a program that calls shelf on the file its update holds fails at once (no hang), the file unchanged") { report in
            for call in nestedCalls {
                let sandbox = try Sandbox(label: "program-nested")
                defer { sandbox.destroy() }
                try battery.shelf.setUp("caches", "f.json", Array("[1]".utf8), in: sandbox)
                let script = "$S update caches f.json -- sh -c 'cat; echo 2 | '\"$S\"' \(call.replacingOccurrences(of: "'", with: "'\\''")) >/dev/null'"
                let result = try battery.shelf.start(rawArguments: [], in: sandbox, input: .none, environment: ["S": battery.shelf.path],
                                                     program: ["/usr/bin/timeout", "-s", "KILL", "20", "/bin/sh", "-c", script]).wait(timeout: 60)
                var checks = Checks()
                checks.expect(!result.timedOut && result.signal == nil && result.status != 137, "it hung: killed after 20 s")
                checks.expect(result.status != 0, "the update succeeded although its program's shelf could not have")
                checks.expectNoCrashReport(result, call)
                checks.expect(Sandbox.readFile(sandbox.namespace("caches") + "/f.json") == Array("[1]".utf8), "f.json changed")
                report.record(checks.problems, run: call)
            }
        }
    }
}
