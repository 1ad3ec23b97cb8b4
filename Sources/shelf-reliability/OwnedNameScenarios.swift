import Foundation
import Glibc

/// Shelf-owned names vs user names: a user file whose name is what shelf derives for its own
/// files. A name too long for the journal prefix gets the journal `.shelf-journal-#<hash>`, which
/// is also the journal of a user file called `#<hash>`; and `CACHEDIR.TAG` is shelf's at the top
/// of `caches`. An append torn in one file, then any command on the other, must leave the first
/// file whole; a user file must never be taken for shelf's or shelf's for the user's.
enum OwnedNameScenarios {
    static let actions = ["retrieve", "append", "remove", "rename", "copy", "move"]

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("owned names", checked: "user files named as shelf derives its own (#<hash> of a long name's journal, CACHEDIR.TAG): a torn append in one survives any command on the other") { report in
            guard battery.shelf.hasAppend else { report.skipped = "append not available"; return }
            var rng = battery.random(for: "owned-names")
            let sandbox = try Sandbox(label: "owned")
            defer { sandbox.destroy() }
            var run = 0
            for _ in 0..<(battery.full ? 3 : 1) {
                for point in ["partial-data", "journal"] {
                    for longIsVictim in [true, false] {
                        for action in actions {
                            run += 1
                            let problems = try journalClash(battery, sandbox, run: run, point: point, longIsVictim: longIsVictim, action: action, &rng)
                            report.record(problems, run: "\(longIsVictim ? "long name" : "#<hash> name") torn at \(point), then \(action) of the other")
                        }
                    }
                }
            }
            report.record(try cacheTag(battery), run: "a user file named CACHEDIR.TAG in caches")
        }]
    }

    /// The journal name shelf derives for a long name (docs/formats.md: hashed when too long).
    static func hashedName(_ name: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "#" + String(hash, radix: 16)
    }

    static func journalClash(_ battery: Battery, _ sandbox: Sandbox, run: Int, point: String, longIsVictim: Bool,
                             action: String, _ rng: inout SeededRandom) throws -> [String] {
        let long = "L\(run)-" + String(repeating: "x", count: 250 - "L\(run)-".count - 4) + ".log"
        let short = hashedName(Array(long.utf8))
        let (victim, other) = longIsVictim ? (long, short) : (short, long)
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
        var otherNow: [UInt8]? = otherBefore
        switch action {
        case "retrieve":
            checks.expect(try shelf(["retrieve", "caches", other]), in: [0], "retrieve of the other file")
        case "append":
            checks.expect(try shelf(["append", "caches", other], [65, 10]), in: [0], "append to the other file")
            otherNow = otherBefore + [65, 10]
        case "remove":
            checks.expect(try shelf(["remove", "caches", other]), in: [0], "remove of the other file")
            otherNow = nil
        case "rename":
            checks.expect(try shelf(["rename", "caches", other, "renamed-\(run)"]), in: [0], "rename of the other file")
            otherNow = nil
        case "copy":
            checks.expect(try shelf(["copy", "caches", other, "documents"]), in: [0], "copy of the other file")
        default:
            checks.expect(try shelf(["move", "caches", other, "documents"]), in: [0], "move of the other file")
            otherNow = nil
        }
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

    /// `CACHEDIR.TAG` is shelf's at the top of `caches`; a user file of that name must either be
    /// refused or be an ordinary user file: listed, retrieved as saved, removed by clear.
    static func cacheTag(_ battery: Battery) throws -> [String] {
        let sandbox = try Sandbox(label: "owned-tag")
        defer { sandbox.destroy() }
        var checks = Checks()
        _ = try battery.shelf.run(["save", "caches", "a.txt"], in: sandbox, input: .bytes([1]))
        let mine = Array("my own tag, not a cache tag\n".utf8)
        let saved = try battery.shelf.run(["save", "caches", "CACHEDIR.TAG"], in: sandbox, input: .bytes(mine))
        checks.expect(saved, in: [0, 64], "save caches CACHEDIR.TAG")
        guard saved.status == 0 else { return checks.problems }
        let read = try battery.shelf.run(["retrieve", "caches", "CACHEDIR.TAG"], in: sandbox)
        checks.expect(read.stdout == mine, "retrieve CACHEDIR.TAG did not give the bytes saved (\(read.summary))")
        let listed = try battery.shelf.run(["list", "caches"], in: sandbox)
        checks.expect(listed.out.split(separator: "\n").contains("CACHEDIR.TAG"), "list caches does not show the user's file CACHEDIR.TAG (it was accepted with exit 0)")
        let cleared = try battery.shelf.run(["clear", "caches"], in: sandbox)
        checks.expect(cleared, in: [0], "clear caches")
        let left = Sandbox.readFile(sandbox.namespace("caches") + "/CACHEDIR.TAG")
        checks.expect(left != mine, "clear caches kept the user's file CACHEDIR.TAG (taken for shelf's cache tag)")
        return checks.problems
    }
}
