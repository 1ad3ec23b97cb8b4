import Foundation
import ShelfTestSupport

/// Appends cost the size of the item whatever a valid file holds (issue 12, item 12): an array
/// with hundreds of megabytes of blanks before its `]`, after it or before its `[` (spaces, or a
/// mix of the four JSON blanks) must take each append in bounded memory (GNU time's peak, not
/// the harness's), keep every element, and stay valid; a crash in the middle of such an append
/// must leave the elements with or without the new one.
enum ArrayBlankScenarios {
    static let memoryLimitKB = 96 << 10

    /// The other limits (depth is `DepthScenarios`): folder appends after a file named with 255
    /// nines or past UInt64 (`NumberedFolderScenarios`, issue 12, item 11), and these blanks (item 12).
    static func limits(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("limits", checked: "folder appends after 255 nines; append to an array with 300 MB of blanks in < 96 MB") { report in
            try NumberedFolderScenarios.run(battery, report)
            try run(battery, report)
        }]
    }

    static func run(_ battery: Battery, _ report: ScenarioReport) throws {
        var rng = battery.random(for: "limits-blanks")
        var placements: [(String, Int, Bool)] = [("before its ]", 300, false), ("after its ]", 300, false), ("after its ], mixed blanks", 64, true)]
        if battery.full { placements.append(("before its [", 300, false)) }
        for (placement, megabytes, mixed) in placements {
            let sandbox = try Sandbox(label: "blanks")
            defer { sandbox.destroy() }
            try write(sandbox, placement, megabytes: megabytes, mixed: mixed, &rng)
            var checks = Checks()
            var items = ["1", "2"]
            for item in battery.full ? ["3", "{\"four\":4}"] : ["3", "4"] {
                let result = try battery.shelf.runMeasured(["append", "caches", "big.json"], in: sandbox, input: .bytes(Array(item.utf8)), timeout: 300).result
                checks.expect(result, in: [0], "append \(item)")
                checks.expect(result.maxResidentKB < memoryLimitKB, "append \(item) peaked at \(result.maxResidentKB / 1024) MB (limit \(memoryLimitKB / 1024) MB)")
                if result.status == 0 { items.append(item) }
            }
            checks.expect(try elements(battery, sandbox) == items, "retrieve --each does not give the elements \(items)")
            report.record(checks.problems, run: "appends to an array with \(megabytes) MB of blanks \(placement)")
        }
        for placement in ["before its ]", "after its ]"] {
            for point in ["torn-journal", "journal", "partial-data", "data"] {
                let sandbox = try Sandbox(label: "blanks-crash")
                defer { sandbox.destroy() }
                try write(sandbox, placement, megabytes: 8, mixed: true, &rng)
                var checks = Checks()
                let killed = try battery.shelf.run(["append", "caches", "big.json"], in: sandbox, input: .bytes(Array("{\"new\":3}".utf8)),
                                                   environment: [Failpoints.variable: point])
                checks.expect(killed.signal == SIGKILL, "the append armed to die at \(point) did not: \(killed.summary)")
                let after = try elements(battery, sandbox)
                checks.expect(after == ["1", "2"] || after == ["1", "2", "{\"new\":3}"], "after the kill the array holds \(after)")
                let more = try battery.shelf.run(["append", "caches", "big.json"], in: sandbox, input: .bytes(Array("5".utf8)))
                checks.expect(more, in: [0], "append after the kill")
                checks.expect(try elements(battery, sandbox) == after + ["5"], "the next append did not add to what was there")
                report.record(checks.problems, run: "append to an array with 8 MB of blanks \(placement) killed at \(point)")
            }
        }
    }

    /// `[1,2]` with `megabytes` of blanks at `placement`, written as another program would.
    static func write(_ sandbox: Sandbox, _ placement: String, megabytes: Int, mixed: Bool, _ rng: inout SeededRandom) throws {
        let path = sandbox.namespace("caches") + "/big.json"
        let (head, tail): (String, String) = switch placement {
        case "before its ]": ("[1,2", "]\n")
        case "before its [": ("", "[1,2]\n")
        default: ("[1,2]", "\n")
        }
        try Sandbox.writeFile(path, Array(head.utf8))
        let fd = open(path, O_WRONLY | O_APPEND)
        defer { close(fd) }
        let blanks: [UInt8] = [0x20, 0x09, 0x0a, 0x0d]
        let chunk = (0..<(1 << 20)).map { _ in mixed ? blanks[rng.int(0...3)] : 0x20 }
        for _ in 0..<megabytes { try Child.writeAll(fd, chunk) }
        try Child.writeAll(fd, Array(tail.utf8))
    }

    static func elements(_ battery: Battery, _ sandbox: Sandbox) throws -> [String] {
        let each = try battery.shelf.run(["retrieve", "caches", "big.json", "--each"], in: sandbox, timeout: 300)
        return each.status == 0 ? each.out.split(separator: "\n").map(String.init) : ["retrieve --each: \(each.summary)"]
    }
}
