import Foundation
import Glibc

/// Limits (depth is `DepthScenarios`): a folder whose highest number
/// is 255 nines (or past UInt64) then appended to; an array with 300 MB of blanks around its `]`
/// appended to in bounded memory (peak RSS, not time).
enum LimitScenarios {
    static let memoryLimitKB = 96 << 10

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("limits", checked: "folder appends after 255 nines; append to an array with 300 MB of blanks in < 96 MB") { report in
            for highest in [String(repeating: "9", count: 255), "18446744073709551615"] {
                let sandbox = try Sandbox(label: "nines")
                defer { sandbox.destroy() }
                var checks = Checks()
                _ = try battery.shelf.run(["save", "caches", "n/" + highest], in: sandbox, input: .bytes([1]))
                for i in 0..<2 {
                    let result = try battery.shelf.run(["append", "caches", "n/"], in: sandbox, input: .bytes([UInt8(50 + i)]))
                    checks.expect(result, in: [0], "folder append \(i + 1) after a file named \(highest.prefix(12))… (\(highest.count) digits)")
                }
                let names = Visibility.visibleEntries(sandbox.namespace("caches") + "/n")
                checks.expect(names.count == 3, "the folder holds \(names.count) files, not 3")
                if highest.count < 30 { checks.expect(names.contains("18446744073709551616"), "the next number after UInt64.max is not 18446744073709551616: \(names.sorted())") }
                report.record(checks.problems, run: "folder appends after \(highest.count) digits")
            }
            for placement in ["before", "after"] {
                let sandbox = try Sandbox(label: "blanks")
                defer { sandbox.destroy() }
                let path = sandbox.namespace("caches") + "/big.json"
                try Sandbox.writeFile(path, Array("[1,2".utf8) + (placement == "before" ? [] : Array("]".utf8)))
                let fd = open(path, O_WRONLY | O_APPEND)
                let chunk = [UInt8](repeating: 0x20, count: 1 << 20)
                for _ in 0..<300 { try Child.writeAll(fd, chunk) }
                try Child.writeAll(fd, placement == "before" ? Array("]\n".utf8) : Array("\n".utf8))
                close(fd)
                var checks = Checks()
                for item in battery.full ? ["3", "4"] : ["3"] {
                    let result = try battery.shelf.run(["append", "caches", "big.json"], in: sandbox, input: .bytes(Array(item.utf8)), timeout: 300)
                    checks.expect(result, in: [0], "append \(item)")
                    checks.expect(result.maxResidentKB < memoryLimitKB, "append \(item) peaked at \(result.maxResidentKB / 1024) MB (limit \(memoryLimitKB / 1024) MB)")
                }
                let each = try battery.shelf.run(["retrieve", "caches", "big.json", "--each"], in: sandbox, timeout: 300)
                checks.expect(each.out == (battery.full ? "1\n2\n3\n4\n" : "1\n2\n3\n"), "retrieve --each gave \(each.out.prefix(40).debugDescription)")
                report.record(checks.problems, run: "appends to an array with 300 MB of blanks \(placement) its ]")
            }
        }]
    }
}
