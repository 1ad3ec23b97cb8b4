import Foundation

/// The stored file (or its folder) removed, renamed or replaced while `edit`'s editor or the
/// program of `update` or `save --from-command` runs: by `rm`, `mv`, `shelf remove`, `shelf rename`,
/// `shelf clear`, or a FIFO put in its place. `edit` keeps the edits outside the store, says where,
/// and exits 75; the program commands store their output or refuse, never crash, never leave a
/// temporary file; nothing is ever lost without a message.
enum RemovedWhileRunningScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("removed while running", checked: "file or folder removed/renamed/replaced while edit's editor or a program runs: edit keeps the edits where it says (75); update and save --from-command finish or refuse; no crash, no temp file left") { report in
            let shelf = battery.shelf.path
            let meanwhile: [(label: String, script: String)] = [
                ("rm", "rm \"$D/sub/a.txt\""),
                ("mv", "mv \"$D/sub/a.txt\" \"$D/sub/moved.txt\""),
                ("rm -r of its folder", "rm -r \"$D/sub\""),
                ("mv of its folder", "mv \"$D/sub\" \"$D/gone\""),
                ("a FIFO in its place", "rm \"$D/sub/a.txt\" && mkfifo \"$D/sub/a.txt\""),
                ("shelf remove", "\"\(shelf)\" remove caches sub/a.txt"),
                ("shelf rename", "\"\(shelf)\" rename caches sub/a.txt sub/b.txt"),
                ("shelf clear", "\"\(shelf)\" clear caches"),
            ]
            for (label, script) in meanwhile {
                let sandbox = try Sandbox(label: "removed-while-running")
                defer { sandbox.destroy() }
                mkdir(sandbox.path("tmp"), 0o700)
                let hook = "D=\"\(sandbox.namespace("caches"))\"; \(script)"
                let commands: [(String, [String], [String: String])] = [
                    ("edit", ["edit", "caches", "sub/a.txt"], ["EDITOR": "sh -c 'echo mine > \"$1\"; \(hook.replacingOccurrences(of: "'", with: ""))' sh"]),
                    ("update", ["update", "caches", "sub/a.txt", "--", "sh", "-c", "\(hook); echo mine"], [:]),
                    ("save --from-command", ["save", "caches", "sub/a.txt", "--from-command", "sh", "-c", "\(hook); echo mine"], [:]),
                ]
                for (command, arguments, environment) in commands {
                    Sandbox.removeTree(sandbox.namespace("caches"))
                    _ = try battery.shelf.run(["save", "caches", "sub/a.txt"], in: sandbox, input: .bytes(Array("old\n".utf8)))
                    let result = try battery.shelf.run(arguments, in: sandbox, environment: environment)
                    var checks = Checks()
                    let run = "\(command), \(label) meanwhile"
                    checks.expectNoCrashReport(result, run)
                    checks.expect(!result.timedOut, "\(run) did not finish")
                    if command == "edit" {
                        checks.expect(result, in: [75], run)
                        let kept = result.err.components(separatedBy: "kept in ").dropFirst().first?.components(separatedBy: " ").first ?? ""
                        checks.expect(!kept.isEmpty && Sandbox.readFile(kept) == Array("mine\n".utf8), "\(run): the edits are not where the message says: \(result.err.prefix(300))")
                    } else {
                        checks.expect(result, in: [0, 66, 73, 75], run)
                        if result.status == 0 {
                            // The folder is held open while the program runs: moved meanwhile, it
                            // gets the output under its new name.
                            let stored = ["/sub/a.txt", "/gone/a.txt"].contains {
                                Sandbox.readFile(sandbox.namespace("caches") + $0) == Array("mine\n".utf8)
                            }
                            checks.expect(stored, "\(run): exit 0 but the output is not stored")
                        } else {
                            checks.expect(!result.err.isEmpty, "\(run): refused without a message")
                        }
                    }
                    let left = Sandbox.reservedLeftovers(sandbox.root).filter { $0.contains(".shelf-tmp-") }
                    checks.expect(left.isEmpty, "\(run): left \(left.prefix(3))")
                    report.record(checks.problems, run: run)
                }
            }
        }]
    }
}
