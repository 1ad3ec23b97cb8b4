import Foundation
import Glibc

/// Limits: a path of about 4,000 bytes, 1,100 folders deep (what save accepts), through list -R,
/// copy, move, remove and clear with the usual 1,024 descriptors; a folder whose highest number
/// is 255 nines (or past UInt64) then appended to; an array with 300 MB of blanks around its `]`
/// appended to in bounded memory (peak RSS, not time).
enum LimitScenarios {
    static let depth = 1_100
    static let memoryLimitKB = 96 << 10

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("limits", checked: "1,100-deep path through list -R/copy/move/remove/clear; folder appends after 255 nines; append to an array with 300 MB of blanks in < 96 MB") { report in
            let deep = (0..<depth).map { _ in "ab" }.joined(separator: "/") + "/f.txt"
            let limits = ChildLimits(openFiles: 1024)
            for command in [["list", "-R", "caches"], ["copy", "caches", "ab", "documents"], ["move", "caches", "ab", "documents"],
                            ["remove", "caches", "ab"], ["clear", "caches"]] {
                let sandbox = try Sandbox(label: "deep")
                defer { sandbox.destroy() }
                var checks = Checks()
                let saved = try battery.shelf.run(["save", "caches", deep], in: sandbox, input: .bytes(Array("deep".utf8)), limits: limits)
                checks.expect(saved, in: [0, 64], "save of a \(deep.utf8.count)-byte path")
                if saved.status == 0 {
                    let result = try battery.shelf.run(command, in: sandbox, limits: limits, timeout: 60)
                    checks.expect(result, in: [0], command.joined(separator: " ") + " of the deep tree")
                    checks.expectNoCrashReport(result, command[0])
                    let destination = command[0] == "copy" || command[0] == "move" ? "documents" : "caches"
                    let read = try battery.shelf.run(["retrieve", destination, deep], in: sandbox, limits: limits)
                    let shouldExist = command[0] != "remove" && command[0] != "clear"
                    checks.expect((read.status == 0 && read.stdout == Array("deep".utf8)) == shouldExist,
                                  "after \(command[0]) the deep file is \(shouldExist ? "not" : "still") in \(destination) (\(read.summary))")
                    if command[0] == "list" { checks.expect(result.out.contains("/f.txt"), "list -R does not show the deep file") }
                }
                report.record(checks.problems, run: "\(command.joined(separator: " ")) at depth \(depth)")
            }
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
