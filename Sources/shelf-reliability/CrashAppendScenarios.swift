import Foundation
import ShelfTestSupport

/// SIGKILL at random moments of `shelf append` to a JSON array, a JSON Lines file, a raw file
/// and a Data folder. Afterwards the next shelf command must see the target with or without the
/// new item, whole (recovery, if any, happens on that access).
enum CrashAppendScenarios {
    static let runsPerKind = 100

    enum Kind: String, CaseIterable {
        case array = "list.json", lines = "log.jsonl", raw = "raw.log", folder = "inbox/"
    }

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("crash: append", checked: "kill -9 during append (array, JSON Lines, raw, folder); target has the old items or old + new, each whole") { report in
            for kind in Kind.allCases { try crash(kind, battery, report) }
        }]
    }

    /// What the harness knows is stored: the item numbers (array, lines, folder) or the bytes (raw).
    struct Stored {
        var runs: [Int] = []
        var bytes: [UInt8] = []
        var files: [String: [UInt8]] = [:]
    }

    static func crash(_ kind: Kind, _ battery: Battery, _ report: ScenarioReport) throws {
        var rng = battery.random(for: "crash-append-\(kind)")
        let sandbox = try Sandbox(label: "crash-append")
        defer { sandbox.destroy() }
        var stored = Stored()
        let path = kind.rawValue
        func item(_ run: Int) -> [UInt8] {
            let size = rng.chance(0.1) ? rng.int((256 << 10)...(1 << 20)) : rng.int(0...(16 << 10))
            switch kind {
            case .array, .lines: return Content.json(run: run, size: size, &rng)
            case .raw: return rng.text(size) + [10]
            case .folder: return rng.bytes(size)
            }
        }
        // Two appends that complete, then a calibration of how long one takes.
        var fullTime = 0.0
        for run in -2 ... -1 {
            let bytes = item(run)
            let result = try battery.shelf.run(["append", "caches", path], in: sandbox, input: .bytes(bytes))
            guard result.exited && result.status == 0 else { throw HarnessError("append \(path) failed: \(result.summary)") }
            fullTime = max(fullTime, result.seconds)
            apply(kind, run, bytes, to: &stored, sandbox)
        }
        var killed = 0, journals = 0
        for run in 0..<runsPerKind {
            let new = item(run)
            let child = try battery.shelf.start(["append", "caches", path], in: sandbox, input: .pipe)
            let midInput = rng.chance(0.4)
            Content.feedBeforeKill(child, new, cut: midInput, wholeDelay: fullTime * 1.2, &rng)
            child.kill()
            let result = child.wait()
            var checks = Checks()
            if result.signal == SIGKILL { killed += 1 } else { checks.expect(result, in: [0], "append that ended before the kill") }
            let namespace = sandbox.namespace("caches") + (kind == .folder ? "/inbox" : "")
            if Sandbox.reservedLeftovers(namespace).contains(where: { $0.contains(".shelf-journal") }) { journals += 1 }
            let before = stored
            let (added, problems) = try observe(kind, battery, sandbox, expected: before, run: run, item: new)
            checks.problems += problems
            if added {
                checks.expect(!midInput || new.isEmpty, "the item appeared although its input was cut")
                apply(kind, run, new, to: &stored, sandbox)
            } else if problems.isEmpty {
                checks.expect(!(result.exited && result.status == 0), "append exited 0 but the item is missing")
            }
            let visibleTop: Set<String> = kind == .folder ? Set(["inbox"] + stored.files.keys.map { "inbox/" + $0 }) : [path]
            checks.problems += Visibility.problems(battery, sandbox, directory: "caches", expected: visibleTop)
            report.record(checks.problems, run: "\(kind) run \(run): \(new.count) bytes, \(midInput ? "killed mid-input" : "killed after input")")
            if !checks.problems.isEmpty { return }  // the stored state is unknown now: later runs would only repeat it
        }
        report.note("append \(kind): \(killed) of \(runsPerKind) runs killed before finishing, \(journals) of them with a journal to roll back")
    }

    static func apply(_ kind: Kind, _ run: Int, _ bytes: [UInt8], to stored: inout Stored, _ sandbox: Sandbox) {
        switch kind {
        case .array, .lines: stored.runs.append(run)
        case .raw: stored.bytes += bytes
        case .folder:
            let names = Visibility.visibleEntries(sandbox.namespace("caches") + "/inbox")
            if let new = names.first(where: { stored.files[$0] == nil }) { stored.files[new] = bytes }
        }
    }

    /// Reads the target back through shelf; returns whether the new item is there, and what is wrong.
    static func observe(_ kind: Kind, _ battery: Battery, _ sandbox: Sandbox, expected: Stored, run: Int,
                        item: [UInt8]) throws -> (Bool, [String]) {
        if kind == .folder { return try observeFolder(battery, sandbox, expected: expected, item: item) }
        let read = try battery.shelf.run(["retrieve", "caches", kind.rawValue], in: sandbox)
        guard read.exited && read.status == 0 else { return (false, ["retrieve after the kill: \(read.summary)"]) }
        switch kind {
        case .raw:
            if read.stdout == expected.bytes { return (false, []) }
            if read.stdout == expected.bytes + item { return (true, []) }
            return (false, ["raw file holds \(read.stdout.count) bytes: neither the old \(expected.bytes.count) nor old + \(item.count)"])
        case .array:
            guard let array = Content.parseJSON(read.stdout) as? [Any] else { return (false, ["the array is not valid JSON after the kill"]) }
            return compare(array.map(Content.runNumber), expected.runs, run, what: "array")
        default:
            var runs: [Int?] = []
            let lines = read.stdout.split(separator: 10, omittingEmptySubsequences: false)
            if lines.last?.isEmpty == false { return (false, ["the JSON Lines file does not end with a newline"]) }
            for line in lines.dropLast() {
                guard let value = Content.parseJSON(Array(line)) else { return (false, ["a line is not valid JSON after the kill"]) }
                runs.append(Content.runNumber(value))
            }
            return compare(runs, expected.runs, run, what: "JSON Lines file")
        }
    }

    static func compare(_ seen: [Int?], _ expected: [Int], _ run: Int, what: String) -> (Bool, [String]) {
        if seen == expected.map(Optional.some) { return (false, []) }
        if seen == (expected + [run]).map(Optional.some) { return (true, []) }
        return (false, ["the \(what) holds items \(seen.suffix(4)) (count \(seen.count)), expected \(expected.suffix(3)) plus perhaps \(run)"])
    }

    static func observeFolder(_ battery: Battery, _ sandbox: Sandbox, expected: Stored, item: [UInt8]) throws -> (Bool, [String]) {
        let names = Visibility.visibleEntries(sandbox.namespace("caches") + "/inbox")
        let new = names.subtracting(expected.files.keys)
        var problems: [String] = []
        if !Set(expected.files.keys).isSubset(of: names) { problems.append("files vanished from the folder") }
        if new.count > 1 { problems.append("\(new.count) new files for one append") }
        if let name = new.first {
            let read = try battery.shelf.run(["retrieve", "caches", "inbox/" + name], in: sandbox)
            if read.stdout != item { problems.append("the new file \(name) holds \(read.stdout.count) bytes, not the \(item.count) appended") }
            if Int(name) == nil { problems.append("the new file's name '\(name)' is not a number") }
            return (true, problems)
        }
        return (false, problems)
    }
}
