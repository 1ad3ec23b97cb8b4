import Foundation

/// The folders that are never a whole store, however `--root` or `SHELF_ROOT` spells them: the
/// root folder (`/.`, `//.`, `/tmp/..`, `/usr/../`, a link to `/`), the system's top folders and
/// the home folder or above. Every command is refused (64) before it lists or plans. Only commands
/// that read are run: a build without the guard must not write into `/`.
enum RootSpellingScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("root spellings", checked: "--root and SHELF_ROOT naming /, a system folder or the home folder in any spelling: 64, nothing listed or planned", sandbox: "root-spellings") { report, sandbox in
            symlink("/", sandbox.path("top"))
            let spellings = ["/", "//", "/.", "/./", "//.", "/tmp/..", "/usr/../", "/usr/bin/../..", sandbox.path("top"),
                             sandbox.path("top/etc/.."), "/etc", "/usr/", "/var/.", "/tmp", sandbox.root, sandbox.root + "/x/.."]
            let commands: [[String]] = [["list", "caches"], ["list", "caches", "-R"], ["clear", "caches", "--dry-run"],
                                        ["clear", "documents", "--dry-run"], ["exists", "caches", "etc"]]
            let before = Sandbox.snapshot(sandbox.root)
            for spelling in spellings {
                for command in commands {
                    for viaVariable in [false, true] {
                        let arguments = viaVariable ? command : ["--root", spelling] + command
                        let result = try battery.shelf.run(arguments, in: sandbox, input: .bytes([0x78]),
                                                           environment: viaVariable ? ["SHELF_ROOT": spelling] : [:])
                        var checks = Checks()
                        let label = "\(viaVariable ? "SHELF_ROOT=" : "--root ")\(spelling) \(command.joined(separator: " "))"
                        checks.expect(result, in: [64], label)
                        checks.expect(result.stdout.isEmpty, "\(label) printed \(result.out.prefix(120))")
                        report.record(checks.problems, run: label)
                    }
                }
            }
            let after = Sandbox.snapshot(sandbox.root)
            var checks = Checks()
            checks.expect(after == before, "files changed: \(Set(after).symmetricDifference(before).sorted().prefix(3))")
            report.record(checks.problems, run: "nothing written")
        }]
    }
}
