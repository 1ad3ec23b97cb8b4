import Foundation
import ShelfTestSupport

/// Shelf-owned names vs user names: a user file whose name is what shelf derives, or could
/// plausibly derive, for its own files. A journal for a name too long to prefix needs a short form:
/// a hash of the name would also be the journal of a user file called `#<that hash>` if the two
/// forms were not told apart, and a scheme could just as well cut the name short. So the pairs are
/// a long name and `#<SHA-256>` (and the bare SHA-256), and long names that differ only after their
/// first 239 or 254 bytes. An append torn in one file, then any command on the other, must leave
/// the first file whole (its own record settles it). (A user's `CACHEDIR.TAG` at the top of caches:
/// JournalPlaceTests.theCacheTagIsShelfsAndCannotBeChanged.)
enum OwnedNameScenarios {
    static let actions = ["retrieve", "append", "remove", "rename", "copy", "move"]

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("owned names", checked: "user files named as shelf derives (or could derive) its own: #<SHA-256> of a long name, long names alike but for their end; a torn append in one survives any command on the other", sandbox: "owned") { report, sandbox in
            var rng = battery.random(for: "owned-names")
            var run = 0
            for _ in 0..<(battery.full ? 3 : 1) {
                for (kind, makePair) in pairs {
                    for point in ["partial-data", "journal"] {
                        for firstIsVictim in [true, false] {
                            // Every action in the full run; in the quick one, two per pair kind and point.
                            for action in battery.full ? actions : [actions[rng.int(0...2)], actions[rng.int(3...5)]] {
                                run += 1
                                let (first, second) = try makePair(run)
                                let (victim, other) = firstIsVictim ? (first, second) : (second, first)
                                let problems = try journalClash(battery, sandbox, run: run, victim: victim, other: other, point: point,
                                                                action: action, &rng)
                                report.record(problems, run: "\(kind): \(firstIsVictim ? "first" : "second") torn at \(point), then \(action) of the other")
                            }
                        }
                    }
                }
            }
        }]
    }

    /// The pairs of names, each made unique by the run number.
    static let pairs: [(String, @Sendable (Int) throws -> (String, String))] = [
        ("a long name and #<its SHA-256>", { run in let long = longName(run, 250); return (long, "#" + (try sha256(Array(long.utf8)))) }),
        ("a 255-byte name and its bare SHA-256", { run in let long = longName(run, 255); return (long, try sha256(Array(long.utf8))) }),
        ("255-byte names alike but for the last byte", { run in let long = longName(run, 254); return (long + "a", long + "b") }),
        ("240-byte names alike but for the last byte", { run in let long = longName(run, 239); return (long + "a", long + "b") }),
    ]

    static func longName(_ run: Int, _ length: Int) -> String {
        let start = "L\(run)-"
        return start + String(repeating: "x", count: length - start.count)
    }

    /// SHA-256 in hex, from sha256sum(1) (the battery uses no library of ours, and Foundation has none).
    static func sha256(_ bytes: [UInt8]) throws -> String {
        let child = try Child([Array("/usr/bin/env".utf8), Array("sha256sum".utf8)], environment: ["PATH": "/usr/bin:/bin"], input: .bytes(bytes))
        let result = child.wait(timeout: 20)
        guard result.status == 0, let hex = result.out.split(separator: " ").first, hex.count == 64 else {
            throw HarnessError("sha256sum failed: \(result.summary)")
        }
        return String(hex)
    }

    static func journalClash(_ battery: Battery, _ sandbox: Sandbox, run: Int, victim: String, other: String, point: String,
                             action: String, _ rng: inout SeededRandom) throws -> [String] {
        func shelf(_ arguments: [String], _ input: [UInt8]? = nil, _ extra: [String: String] = [:]) throws -> ChildResult {
            try battery.shelf.run(arguments, in: sandbox, input: input.map { .bytes($0) } ?? .none, environment: extra)
        }
        var checks = Checks()
        let victimOld = rng.text(rng.int(10...200)) + [10], otherOld = rng.text(rng.int(10...200)) + [10]
        for (name, bytes) in [(victim, victimOld), (other, otherOld)] {
            let saved = try shelf(["save", "caches", name], bytes)
            guard saved.status == 0 else { return ["save \(name): \(saved.summary)"] }
            // A first append that completes, so both files have had their journal.
            guard try shelf(["append", "caches", name], [10]).status == 0 else { return ["append to \(name) failed"] }
        }
        let victimBefore = victimOld + [10], otherBefore = otherOld + [10]
        let item = rng.text(rng.int(2000...9000)) + [10]
        let killed = try shelf(["append", "caches", victim], item, [Failpoints.variable: point])
        guard killed.signal == SIGKILL else { return ["the append armed to die at \(point) did not: \(killed.summary)"] }
        // The action's command line, its input, and what the other file holds in caches afterwards (nil: gone).
        let (arguments, input, otherNow): ([String], [UInt8]?, [UInt8]?) = switch action {
        case "retrieve": (["retrieve", "caches", other], nil, otherBefore)
        case "append": (["append", "caches", other], [65, 10], otherBefore + [65, 10])
        case "rename": (["rename", "caches", other, "renamed-\(run)"], nil, nil)
        case "copy": (["copy", "caches", other, "documents"], nil, otherBefore)
        default: ([action, "caches", other] + (action == "move" ? ["documents"] : []), nil, nil)  // remove, move
        }
        checks.expect(try shelf(arguments, input), in: [0], "\(action) of the other file")
        let read = try shelf(["retrieve", "caches", victim])
        checks.expect(read, in: [0], "retrieve of the torn file")
        checks.expect(read.stdout == victimBefore || read.stdout == victimBefore + item,
                      "the file whose append was killed holds \(read.stdout.count) bytes: neither its old \(victimBefore.count) nor old + item \(victimBefore.count + item.count) (its journal was settled against the other file)")
        if let otherNow {
            let again = try shelf(["retrieve", "caches", other])
            checks.expect(again.stdout == otherNow, "the other file changed: \(again.stdout.count) bytes, expected \(otherNow.count)")
        }
        return checks.problems
    }
}
