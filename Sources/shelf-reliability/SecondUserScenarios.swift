import Foundation
import ShelfTestSupport

/// A second user who can write the store (a service account's folder that root's cron job uses, a
/// group-shared folder) races root's commands that hand a path to a program or follow one: edit,
/// update, save --from-command, copy -f, clear, remove. The second user (`nobody`) moves every
/// entry of the store's folder aside and puts a link to a root-only folder under its name: first
/// from inside the program root's command runs (at the worst moment, every time), then in a loop
/// beside the commands. Whatever the commands answer, nothing outside the store may change.
enum SecondUserScenarios {
    /// Moves each entry of the folder `$1` (and of its subfolders, one level down) aside and
    /// links its name to `$2` (a folder) or to `$2/<name>` (anything else).
    static let sweep = """
        sweep() {
            for e in "$1"/.[!.]* "$1"/* "$1"/*/.[!.]* "$1"/*/*; do
                [ -e "$e" ] || [ -L "$e" ] || continue
                case "$e" in *.moved) continue ;; esac
                n=${e##*/}
                mv "$e" "$e.moved" 2>/dev/null || continue
                if [ -d "$e.moved" ]; then ln -s "$2" "$e"; else ln -s "$2/$n" "$e"; fi 2>/dev/null
            done
        }

        """

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("second user", checked: "as root in a store nobody can write, while nobody swaps entries for links to a root-only folder (inside the program's run and in a loop): edit, update, save --from-command, copy -f, clear, remove never change anything outside the store", sandbox: "second-user") { report, sandbox in
            guard getuid() == 0, Unprivileged.setpriv != nil else {
                report.skipped = "needs root and setpriv(1): the second user is nobody"
                return
            }
            let store = sandbox.path("shared"), secret = sandbox.path("secret")
            for folder in [store, secret, sandbox.path("tmp")] { mkdir(folder, 0o700) }
            chmod(sandbox.root, 0o755)
            chmod(store, 0o777)
            chmod(secret, 0o755)
            try fillSecret(secret)
            try Sandbox.writeFile(sandbox.path("attack"), Array((sweep + "sweep \"$1\" \"$2\"\n").utf8), mode: 0o755)
            try Sandbox.writeFile(sandbox.path("loop"), Array((sweep + "while :; do sweep \"$1\" \"$2\"; done\n").utf8), mode: 0o755)
            let attack = (Unprivileged.asNobody + ["sh", sandbox.path("attack"), store, secret]).joined(separator: " ")
            let secretBefore = Sandbox.snapshot(secret)
            let cases: [(label: String, arguments: [String], environment: [String: String])] = [
                ("edit", ["edit", "caches", "a.txt"], ["EDITOR": "sh -c '\(attack); echo edited > \"$1\"' sh"]),
                ("update", ["update", "caches", "a.json", "--", "sh", "-c", "\(attack); cat"], [:]),
                ("save --from-command", ["save", "caches", "b.txt", "--from-command", "sh", "-c", "\(attack); echo new"], [:]),
                ("copy -f", ["copy", "caches", "keep.txt", "caches", "sub/a.txt", "-f"], [:]),
                ("clear", ["clear", "caches"], [:]),
                ("remove", ["remove", "caches", "sub"], [:]),
            ]
            let rounds = battery.full ? 20 : 4
            for racing in [false, true] {
                var attacker: Child?
                if racing {
                    attacker = try Child((Unprivileged.asNobody + ["/bin/sh", sandbox.path("loop"), store, secret]).map { Array($0.utf8) },
                                         environment: ["PATH": "/usr/bin:/bin"], input: .none)
                }
                for round in 0..<(racing ? rounds : 1) {
                    for c in cases {
                        try reset(store, battery, sandbox)
                        try fillSecret(secret)  // again: one failure must not show as every later one
                        // Commands that run no program are attacked just before they start.
                        if !racing && c.environment.isEmpty && !c.arguments.contains("sh") {
                            _ = try Child(["/bin/sh", "-c", attack].map { Array($0.utf8) }, environment: ["PATH": "/usr/bin:/bin"], input: .none).wait()
                        }
                        let result = try battery.shelf.run(["--root", store] + c.arguments, in: sandbox, environment: c.environment)
                        var checks = Checks()
                        checks.expectNoCrashReport(result, c.label)
                        checks.expect(!result.timedOut, "\(c.label) did not finish")
                        let after = Sandbox.snapshot(secret)
                        checks.expect(after == secretBefore, "\(c.label) changed the root-only folder outside the store: \(Set(after).symmetricDifference(secretBefore).sorted().prefix(3))")
                        report.record(checks.problems, run: "\(c.label)\(racing ? " racing, round \(round)" : " attacked mid-run")")
                    }
                }
                if let attacker {
                    kill(attacker.pid, SIGKILL)
                    _ = attacker.wait()
                }
            }
        }]
    }

    /// The root-only folder's files, which no command may change.
    private static func fillSecret(_ secret: String) throws {
        for name in ["a.txt", "a.json", "b.txt", "keep.txt"] { try Sandbox.writeFile(secret + "/" + name, Array("secret \(name)\n".utf8)) }
    }

    /// The store's files again, as root: whatever the second user moved aside is removed.
    private static func reset(_ store: String, _ battery: Battery, _ sandbox: Sandbox) throws {
        Sandbox.removeTree(store)
        mkdir(store, 0o777)
        chmod(store, 0o777)
        for (name, content) in [("a.txt", "a\n"), ("a.json", "[1]"), ("b.txt", "b\n"), ("keep.txt", "k\n"), ("sub/a.txt", "s\n")] {
            _ = try battery.shelf.run(["--root", store, "save", "caches", name], in: sandbox, input: .bytes(Array(content.utf8)))
        }
    }
}
