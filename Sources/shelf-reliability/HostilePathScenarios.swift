import Glibc
import ShelfTestSupport

/// Hostile paths, links and names: each refused (64 or 77, or the status noted) with nothing
/// created or changed outside the namespace — checked by snapshotting the folders around the
/// home, the home itself, the top of /etc and the absolute paths the texts aim at.
enum HostilePathScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("hostile paths", checked: "paths, links, FIFOs, app and group names: refused with 64/77 (a FIFO like a folder: 66 read, 73 written; no hang); nothing created or changed outside") { report in
            let aimed = ["/tmp/shelf-evil", "/etc/shelf-reliability-probe", "/etc/evil.txt", "/evil.txt"]
            for path in aimed where access(path, F_OK) == 0 { throw HarnessError("\(path) exists before the run: remove it first") }
            let etcBefore = topLevel("/etc")
            for hostile in HostilePathCases.all {
                // The home sits alone in an outer folder, next to a folder outside every namespace.
                let outer = try Sandbox(label: "hostile")
                defer { outer.destroy() }
                let home = try Sandbox(in: outer.root, label: "home")
                let outside = outer.root + "/outside"
                try Sandbox.writeFile(outside + "/precious.txt", Array("precious".utf8))
                // One save makes caches as shelf does (with its CACHEDIR.TAG); the rest is written directly.
                try battery.shelf.setUp("caches", "good.txt", [1], in: home)
                for (directory, path) in [("documents", "d.txt"), ("applicationSupport", "s.txt")] {
                    try Sandbox.writeFile(home.namespace(directory) + "/" + path, [1])
                }
                hostile.plant(home, outside)
                let before = Sandbox.snapshot(outer.root)
                let result = try battery.shelf.run(hostile.arguments, in: home, input: .bytes(hostile.input),
                                                   environment: hostile.environment, timeout: 30)
                var checks = Checks()
                checks.expect(result, in: hostile.expected, hostile.label)
                let after = Sandbox.snapshot(outer.root)
                if hostile.expected == [0] {
                    // A success may write inside the home only.
                    let inside = "/" + home.root.split(separator: "/").last! + "/"
                    let changed = Set(after).symmetricDifference(before).filter { !$0.hasPrefix(inside) }
                    checks.expect(changed.isEmpty, "changed outside the home: \(changed.sorted().prefix(3))")
                } else {
                    checks.expect(after == before, "files changed: \(Set(after).symmetricDifference(before).sorted().prefix(3))")
                    checks.expect(result.stdout.isEmpty, "data on stdout: \(result.out.prefix(80).debugDescription)")
                    if result.status == 64 { checks.expect(result.err.contains("usage:") || result.err.contains("invalid name"), "no usage or invalid-name message") }
                }
                for path in aimed where access(path, F_OK) == 0 {
                    checks.add("\(path) was created")
                    unlink(path)
                }
                report.record(checks.problems, run: hostile.label)
            }
            let etcAfter = topLevel("/etc")
            if etcAfter != etcBefore { report.record(["/etc changed: \(Set(etcAfter).symmetricDifference(etcBefore).sorted().prefix(3))"], run: "/etc") }
            report.note("hostile paths: \(report.runs) requests; NUL cannot travel in argv, see HostilePathTests")
        }]
    }

    /// Names, sizes and modification times at the top of a folder.
    static func topLevel(_ folder: String) -> [String] {
        Sandbox.entries(of: folder).sorted().map { name in
            var st = stat()
            lstat(folder + "/" + name, &st)
            return "\(name) \(st.st_size) \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
        }
    }
}
