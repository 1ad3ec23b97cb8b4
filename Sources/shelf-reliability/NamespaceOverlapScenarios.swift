import Foundation
import Glibc

/// Namespace overlap: every directory for hostile app names (`shelf-shared`, names of the XDG
/// defaults' folders, the `sharedContainer:<group>` placeholder, case and NFC/NFD twins) and
/// hostile group names, in three layouts of the environment (separate XDG folders, HOME only,
/// user-dirs.dirs pointing documents at HOME). No namespace may be, contain or lie inside
/// another's folder; a name is refused (64) or gets a folder of its own.
enum NamespaceOverlapScenarios {
    static let apps = ["shelf", "shelf-shared", "Shelf-Shared", "SHELF", ".cache", ".local", ".config", "Documents",
                       "sharedContainer:x", "<group>", "caf\u{e9}", "cafe\u{301}", "CAF\u{c9}", "shelf-0", "share"]
    static let groups = ["x", "<group>", "shelf", "shelf-shared", "..x", "caf\u{e9}", "cafe\u{301}", "X"]

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("namespace overlap", checked: "every directory × hostile app and group names, three environment layouts: no namespace folder equals, contains or lies in another's") { report in
            for layout in ["xdg", "home", "user-dirs"] {
                let sandbox = try Sandbox(label: "namespaces")
                defer { sandbox.destroy() }
                var environment: [String: String] = [:]
                if layout != "xdg" {
                    for variable in ["XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_DOCUMENTS_DIR", "XDG_RUNTIME_DIR"] { environment[variable] = "" }
                }
                if layout == "user-dirs" { try Sandbox.writeFile(sandbox.path(".config/user-dirs.dirs"), Array("XDG_DOCUMENTS_DIR=\"$HOME\"\n".utf8)) }
                var folders: [(String, String)] = []
                var checks = Checks()
                for app in apps {
                    for directory in ["documents", "caches", "applicationSupport", "temporary"] {
                        let result = try battery.shelf.run(["--app", app, "path", directory], in: sandbox, environment: environment)
                        checks.expect(result, in: [0, 64], "--app \(app) path \(directory)")
                        if result.status == 0 { folders.append(("app \(app) \(directory)", result.out.trimmingCharacters(in: .newlines))) }
                    }
                }
                for group in groups {
                    let result = try battery.shelf.run(["path", "sharedContainer:" + group], in: sandbox, environment: environment)
                    checks.expect(result, in: [0, 64], "path sharedContainer:\(group)")
                    if result.status == 0 { folders.append(("group \(group)", result.out.trimmingCharacters(in: .newlines))) }
                }
                for (i, a) in folders.enumerated() {
                    for b in folders[(i + 1)...] {
                        let (x, y) = (Array(a.1.utf8), Array(b.1.utf8))
                        if x == y { checks.add("\(a.0) and \(b.0) are one folder: \(a.1)") }
                        else if y.starts(with: x + [0x2f]) { checks.add("\(a.0) (\(a.1)) contains \(b.0)") }
                        else if x.starts(with: y + [0x2f]) { checks.add("\(b.0) (\(b.1)) contains \(a.0)") }
                    }
                }
                if checks.problems.count > 6 { checks.problems = Array(checks.problems.prefix(6)) + ["and \(checks.problems.count - 6) more overlaps"] }
                report.record(checks.problems, run: "layout \(layout): \(folders.count) namespaces")
                if layout == "xdg" { report.record(try sharedParent(battery, sandbox), run: "--app shelf-shared against a group's files") }
            }
        }]
    }

    /// What overlap costs: `--app shelf-shared` reading and clearing a group's files.
    static func sharedParent(_ battery: Battery, _ sandbox: Sandbox) throws -> [String] {
        var checks = Checks()
        _ = try battery.shelf.run(["save", "sharedContainer:team", "secret.txt"], in: sandbox, input: .bytes(Array("team data".utf8)))
        let read = try battery.shelf.run(["--app", "shelf-shared", "retrieve", "applicationSupport", "team/secret.txt"], in: sandbox)
        checks.expect(read.status != 0, "--app shelf-shared read a shared container's file through applicationSupport")
        _ = try battery.shelf.run(["--app", "shelf-shared", "clear", "applicationSupport"], in: sandbox)
        let still = try battery.shelf.run(["retrieve", "sharedContainer:team", "secret.txt"], in: sandbox)
        checks.expect(still.stdout == Array("team data".utf8), "clear of --app shelf-shared applicationSupport removed a shared container's file")
        return checks.problems
    }
}
