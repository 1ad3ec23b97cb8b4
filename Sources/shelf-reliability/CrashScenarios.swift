import Foundation
import ShelfTestSupport

/// SIGKILL at random moments of `save` and `move` (and `append`, see CrashAppendScenarios):
/// afterwards shelf must show the old or the new content, whole, and no stray file.
enum CrashScenarios {
    static let runsPerCommand = 250

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [save(battery), move(battery)] + CrashAppendScenarios.run(battery)
    }

    // MARK: save

    static func save(_ battery: Battery) -> ScenarioReport {
        battery.scenario("crash: save", checked: "kill -9 mid-input or after it; retrieve = old or new bytes, whole; no visible stray file", sandbox: "crash-save") { report, sandbox in
            var rng = battery.random(for: "crash-save")
            let targets = ["state/config.json", "blobs/data.bin"]
            var current: [String: [UInt8]] = [:]
            for target in targets {
                let first = Content.json(run: -1, size: 100, &rng)
                try battery.shelf.setUp("caches", target, first, in: sandbox)
                current[target] = first
            }
            let fullTime = try calibrate(3) {
                try battery.shelf.run(["save", "caches", "calibrate.bin"], in: sandbox, input: .bytes(rng.bytes(512 << 10)))
            }
            _ = try battery.shelf.run(["remove", "caches", "calibrate.bin"], in: sandbox)
            var killed = 0
            for run in 0..<runsPerCommand {
                let target = targets[run % targets.count]
                let old = current[target]!
                let size = rng.chance(0.15) ? rng.int((1 << 20)...(4 << 20)) : rng.int(0...(256 << 10))
                let new = target.hasSuffix(".json") ? Content.json(run: run, size: size, &rng) : rng.bytes(size)
                let child = try battery.shelf.start(["save", "caches", target], in: sandbox, input: .pipe)
                let midInput = rng.chance(0.5)
                Content.feedBeforeKill(child, new, cut: midInput, wholeDelay: fullTime, &rng)
                child.kill()
                let result = child.wait()
                var checks = Checks()
                if result.signal == SIGKILL { killed += 1 } else { checks.expect(result, in: [0], "save that ended before the kill") }
                let read = try battery.shelf.run(["retrieve", "caches", target], in: sandbox)
                checks.expect(read, in: [0], "retrieve after the kill")
                if read.stdout == new {
                    checks.expect(!midInput || new.isEmpty, "the new content appeared although its input was cut")
                    current[target] = new
                } else if read.stdout == old {
                    checks.expect(!(result.exited && result.status == 0), "save exited 0 but the old content remains")
                } else {
                    checks.add("retrieve gave \(read.stdout.count) bytes: neither the old (\(old.count)) nor the new (\(new.count)) content")
                }
                checks.problems += Visibility.problems(battery, sandbox, directory: "caches",
                                                       expected: ["state", "state/config.json", "blobs", "blobs/data.bin"])
                report.record(checks.problems, run: "run \(run): \(target), \(new.count) bytes, \(midInput ? "killed mid-input" : "killed after input")")
            }
            report.note("save: \(killed) of \(runsPerCommand) runs killed before finishing; "
                + "\(Sandbox.reservedLeftovers(sandbox.namespace("caches")).count) hidden .shelf- temp files left by them")
        }
    }

    // MARK: move

    static func move(_ battery: Battery) -> ScenarioReport {
        battery.scenario("crash: move", checked: "kill -9 during move (file/folder, same and cross file system); target whole or absent, never both lost", sandbox: "crash-move") { report, sandbox in
            var rng = battery.random(for: "crash-move")
            // `temporary` on another file system makes move copy, fsync, rename, then remove.
            let second = SecondFileSystem(beside: sandbox)
            defer { second.release() }
            let runtime = second.path
            if let reason = second.unavailable { report.note("cross-file-system moves skipped: \(reason)") }
            let environment = runtime.map { ["XDG_RUNTIME_DIR": $0] } ?? [:]
            let temporaryNamespace = (runtime ?? sandbox.root + "/run") + "/shelf"
            func namespace(_ directory: String) -> String {
                directory == "temporary" ? temporaryNamespace : sandbox.namespace(directory)
            }
            // Make the namespace folders exist.
            for directory in ["documents", "caches", "temporary"] {
                _ = try battery.shelf.run(["save", directory, "keep.txt"], in: sandbox, input: .bytes([1]), environment: environment)
            }
            let routes = runtime == nil ? [("documents", "caches"), ("caches", "documents")]
                : [("documents", "temporary"), ("temporary", "documents"), ("documents", "caches")]
            var calibrated: [String: Double] = [:]
            var killed = 0, both = 0
            for run in 0..<runsPerCommand {
                let (from, to) = routes[run % routes.count]
                let folder = rng.chance(0.4)
                let item = Item.make(folder: folder, &rng)
                try item.write(into: namespace(from) + "/m")
                let key = "\(folder)-\(from)-\(to)"
                if calibrated[key] == nil {
                    calibrated[key] = try calibrate(1) {
                        try battery.shelf.run(["move", from, "m", to], in: sandbox, environment: environment)
                    }
                    Sandbox.removeTree(namespace(to) + "/m")
                    try item.write(into: namespace(from) + "/m")
                }
                let child = try battery.shelf.start(["move", from, "m", to], in: sandbox, environment: environment)
                let window = max(calibrated[key]! * 1.3, battery.shelf.startupSeconds)
                usleep(UInt32(Double.random(in: (battery.shelf.startupSeconds * 0.7)...window, using: &rng) * 1_000_000))
                child.kill()
                let result = child.wait()
                var checks = Checks()
                if result.signal == SIGKILL { killed += 1 } else { checks.expect(result, in: [0], "move that ended before the kill") }
                let atSource = try battery.shelf.run(["exists", from, "m"], in: sandbox, environment: environment)
                let atTarget = try battery.shelf.run(["exists", to, "m"], in: sandbox, environment: environment)
                checks.expect(atSource, in: [0, 1], "exists at the source")
                checks.expect(atTarget, in: [0, 1], "exists at the target")
                if atTarget.status == 0 {
                    checks.problems += try item.problems(battery, sandbox, directory: to, root: namespace(to) + "/m", environment: environment)
                    if atSource.status == 0 { both += 1 }
                } else {
                    checks.expect(atSource.status == 0, "neither the source nor the target exists: the item is lost")
                    checks.expect(!(result.exited && result.status == 0), "move exited 0 but the target is missing")
                    if atSource.status == 0 {
                        checks.problems += try item.problems(battery, sandbox, directory: from, root: namespace(from) + "/m", environment: environment)
                    }
                }
                for directory in Set([from, to]) {
                    let expected = Set(["keep.txt"]).union(Visibility.visibleEntries(namespace(directory)).filter { $0 == "m" || $0.hasPrefix("m/") })
                    checks.problems += Visibility.problems(battery, sandbox, directory: directory, expected: expected,
                                                           environment: environment, namespace: namespace(directory))
                }
                report.record(checks.problems, run: "run \(run): \(folder ? "folder" : "file") \(from) → \(to)")
                Sandbox.removeTree(namespace(from) + "/m")
                Sandbox.removeTree(namespace(to) + "/m")
            }
            report.note("move: \(killed) of \(runsPerCommand) runs killed before finishing; \(both) left a complete copy and the source (allowed)")
        }
    }

    /// Median wall time of `count` complete runs, each of which must succeed.
    static func calibrate(_ count: Int, _ body: () throws -> ChildResult) throws -> Double {
        var times: [Double] = []
        for _ in 0..<count {
            let result = try body()
            guard result.exited && result.status == 0 else { throw HarnessError("calibration run failed: \(result.summary)") }
            times.append(result.seconds)
        }
        return times.sorted()[count / 2]
    }
}
