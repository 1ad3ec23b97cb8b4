import Foundation
import Glibc

/// Limits: a path of about 4,000 bytes, 1,100 folders deep (what save accepts), through list -R,
/// copy, move, remove and clear with the usual 1,024 descriptors; a folder whose highest number
/// is 255 nines (or past UInt64) then appended to; an array with 300 MB of blanks around its `]`
/// appended to in bounded memory (peak RSS, not time).
enum LimitScenarios {
    static let depth = 1_100
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
            // Numbered folders and huge blanks have grown into scenarios of their own (issue 12, items 11 and 12).
            try NumberedFolderScenarios.run(battery, report)
            try ArrayBlankScenarios.run(battery, report)
        }]
    }
}
