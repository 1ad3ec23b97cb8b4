import Foundation

/// Namespace overlap: every directory for hostile app names (`shelf-shared` in any case, names of
/// the XDG defaults' folders and of the layouts' own folders, the `sharedContainer:<group>`
/// placeholder, case and NFC/NFD twins, `<app>-<uid>`) and hostile group names, in layouts of the
/// environment where base folders meet: separate XDG folders, HOME only, documents = HOME (by the
/// variable and by user-dirs.dirs), XDG_DATA_HOME = XDG_CACHE_HOME, XDG_RUNTIME_DIR inside the
/// caches, TMPDIR = a base, a base inside the shared containers or inside a namespace, a base that
/// is a link to another. No namespace may be, contain or lie inside another's folder, judged on
/// what `path` prints and on the real folders `save` made; a name or a layout is refused (64, 77)
/// or gets a folder of its own. (`--app shelf-shared` reaching a group's files:
/// NamespaceOverlapTests.theSharedContainersCannotBeReachedThroughAnAppInAnyCase.)
enum NamespaceOverlapScenarios {
    static let uid = String(getuid())
    static let apps = unique(["shelf", "shelf-shared", "Shelf-Shared", "SHELF", ".cache", ".local", ".config", "Documents",
                       "sharedContainer:x", "<group>", "caf\u{e9}", "cafe\u{301}", "CAF\u{c9}", "shelf-0", "share",
                       "run", "RUN", "c", "tmp", "x", "x-" + uid, "shelf-" + uid, "link"])
    static let groups = ["x", "<group>", "shelf", "shelf-shared", "..x", "caf\u{e9}", "cafe\u{301}", "X", "c", "run"]

    /// Each layout: its name, the variables over the sandbox's root (an empty value unsets one),
    /// and the links to make first (name in the root, target).
    static let layouts: [(String, @Sendable (String) -> [String: String], [(String, String)])] = [
        ("xdg", { _ in [:] }, []),
        ("home", { _ in unset }, []),
        ("user-dirs", { _ in unset }, []),
        ("documents = HOME", { r in unset.merging(["XDG_DOCUMENTS_DIR": r + "/."]) { $1 } }, []),
        ("data = cache", { r in ["XDG_DATA_HOME": r + "/c", "XDG_CACHE_HOME": r + "/c/"] }, []),
        ("runtime inside caches", { r in ["XDG_CACHE_HOME": r + "/c", "XDG_RUNTIME_DIR": r + "/c/run"] }, []),
        ("TMPDIR = caches", { r in ["XDG_CACHE_HOME": r + "/c", "XDG_RUNTIME_DIR": "", "TMPDIR": r + "/c"] }, []),
        ("caches in the shared containers", { r in ["XDG_DATA_HOME": r + "/d", "XDG_CACHE_HOME": r + "/d/shelf-shared/c"] }, []),
        ("data inside a namespace", { r in ["XDG_DOCUMENTS_DIR": r + "/docs", "XDG_DATA_HOME": r + "/docs/x/d"] }, []),
        ("documents a link to HOME", { r in ["XDG_DOCUMENTS_DIR": r + "/link"] }, [("link", ".")]),
        ("caches a link to data", { r in ["XDG_DATA_HOME": r + "/d", "XDG_CACHE_HOME": r + "/to-d"] }, [("to-d", "d")]),
    ]

    static let quickLayouts: Set = ["xdg", "user-dirs", "data = cache", "runtime inside caches", "caches a link to data"]

    static func unique(_ names: [String]) -> [String] {
        var seen = Set<[UInt8]>()
        return names.filter { seen.insert(Array($0.utf8)).inserted }
    }

    static let unset = Dictionary(uniqueKeysWithValues: ["XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_DOCUMENTS_DIR", "XDG_RUNTIME_DIR"].map { ($0, "") })

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("namespace overlap", checked: "every directory × hostile app and group names, eleven environment layouts where base folders meet: no namespace folder equals, contains or lies in another's, by path and by the folders made") { report in
            // The quick run takes the layouts where most names meet a rule; the full run all of them.
            for (layout, variables, links) in layouts where battery.full || quickLayouts.contains(layout) {
                let sandbox = try Sandbox(label: "namespaces")
                defer { sandbox.destroy() }
                let environment = variables(sandbox.root)
                if layout == "user-dirs" { try Sandbox.writeFile(sandbox.path(".config/user-dirs.dirs"), Array("XDG_DOCUMENTS_DIR=\"$HOME\"\n".utf8)) }
                mkdir(sandbox.path("d"), 0o700)
                for (name, target) in links { symlink(target, sandbox.path(name)) }
                var printed: [(String, String)] = [], made: [(String, String)] = []
                var checks = Checks()
                // One save per namespace: the path it prints is the namespace's, the folder it made is real.
                func probe(_ label: String, _ target: [String]) throws {
                    let saved = try battery.shelf.run(Array(target.dropLast()) + ["save", target.last!, "probe", "--print-path"], in: sandbox,
                                                      input: .bytes(Array(label.utf8)), environment: environment)
                    checks.expect(saved, in: [0, 64, 77], label + " save")
                    guard saved.status == 0 else { return }
                    let path = String(saved.out.trimmingCharacters(in: .newlines).dropLast("/probe".count))
                    printed.append((label, path))
                    made.append((label, realPath(path)))
                }
                for app in apps {
                    for directory in ["documents", "caches", "applicationSupport", "temporary"] { try probe("app \(app) \(directory)", ["--app", app, directory]) }
                }
                for group in groups { try probe("group \(group)", ["sharedContainer:" + group]) }
                for (kind, folders) in [("printed", printed), ("made", made)] {
                    for (i, a) in folders.enumerated() {
                        for b in folders[(i + 1)...] {
                            let (x, y) = (Array(a.1.utf8), Array(b.1.utf8))
                            if x == y { checks.add("\(kind): \(a.0) and \(b.0) are one folder: \(a.1)") }
                            else if y.starts(with: x + [0x2f]) { checks.add("\(kind): \(a.0) (\(a.1)) contains \(b.0)") }
                            else if x.starts(with: y + [0x2f]) { checks.add("\(kind): \(b.0) (\(b.1)) contains \(a.0)") }
                        }
                    }
                }
                if checks.problems.count > 6 { checks.problems = Array(checks.problems.prefix(6)) + ["and \(checks.problems.count - 6) more overlaps"] }
                report.record(checks.problems, run: "layout \(layout): \(printed.count) namespaces, \(made.count) made")
            }
        }]
    }

    /// The folder `path` names, links resolved (the folder a save made).
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
