import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// No app or group name, in any layout of the XDG variables, makes one namespace equal, contain or
/// lie inside another (issue 12, item 7). Every directory × hostile names × layouts: each name is
/// refused or gets a folder of its own, judged on the paths (`path`) and on the folders made (`save`).
@Suite struct NamespaceOverlapTests {
    let home = TestHome()
    static let uid = String(getuid())
    static let apps = ["shelf", "shelf-shared", "Shelf-Shared", "SHELF-SHARED", "SHELF", ".cache", ".Cache", ".local", ".config",
                       "Documents", "docs", "cache", "data", "run", "tmp", "c", "d", "sharedContainer:x", "<group>", "caf\u{e9}",
                       "cafe\u{301}", "shelf-" + uid, "x-" + uid, "x", "X", "share", "shelf-shared-" + uid, "link"]
    static let groups = ["x", "X", "<group>", "shelf", "shelf-shared", "..x", "caf\u{e9}", "cafe\u{301}", "team"]
    static let directories: [Directory] = [.documents, .caches, .applicationSupport, .temporary]

    /// Layouts of the environment over a home `h`, each with what to make first.
    static let layouts: [(String, @Sendable (String) -> [String: String])] = [
        ("separate XDG folders", { h in ["HOME": h, "XDG_CACHE_HOME": h + "/c", "XDG_DATA_HOME": h + "/d", "XDG_DOCUMENTS_DIR": h + "/docs",
                                         "XDG_RUNTIME_DIR": h + "/run", "XDG_CONFIG_HOME": h + "/config"] }),
        ("HOME only, TMPDIR fallback", { h in ["HOME": h, "TMPDIR": h + "/tmp"] }),
        ("documents = HOME", { h in ["HOME": h, "XDG_DOCUMENTS_DIR": h, "TMPDIR": h + "/tmp"] }),
        ("documents = HOME/. through user-dirs", { h in ["HOME": h, "XDG_CONFIG_HOME": h + "/cfg", "TMPDIR": h + "/tmp"] }),
        ("documents a link to HOME", { h in ["HOME": h, "XDG_DOCUMENTS_DIR": h + "/link", "TMPDIR": h + "/tmp"] }),
        ("data = cache", { h in ["HOME": h, "XDG_CACHE_HOME": h + "/c", "XDG_DATA_HOME": h + "/c", "TMPDIR": h + "/tmp"] }),
        ("data = cache/ through a trailing slash and a dot", { h in ["HOME": h, "XDG_CACHE_HOME": h + "/c/", "XDG_DATA_HOME": h + "/./c", "TMPDIR": h + "/tmp"] }),
        ("runtime inside caches", { h in ["HOME": h, "XDG_RUNTIME_DIR": h + "/.cache/run"] }),
        ("TMPDIR = caches base", { h in ["HOME": h, "XDG_CACHE_HOME": h + "/c", "TMPDIR": h + "/c"] }),
        ("TMPDIR inside documents", { h in ["HOME": h, "XDG_DOCUMENTS_DIR": h + "/docs", "TMPDIR": h + "/docs/tmp"] }),
        ("caches inside the shared containers", { h in ["HOME": h, "XDG_DATA_HOME": h + "/d", "XDG_CACHE_HOME": h + "/d/shelf-shared", "TMPDIR": h + "/tmp"] }),
        ("data inside a documents namespace", { h in ["HOME": h, "XDG_DOCUMENTS_DIR": h + "/docs", "XDG_DATA_HOME": h + "/docs/x/d", "TMPDIR": h + "/tmp"] }),
        ("caches a link to data", { h in ["HOME": h, "XDG_DATA_HOME": h + "/d", "XDG_CACHE_HOME": h + "/link-to-d", "TMPDIR": h + "/tmp"] }),
    ]

    /// Every namespace to try: each app's four directories (label, app, directory), then each
    /// group's shared container (its app nil: the default).
    static let namespaces: [(String, String?, Directory)]
        = apps.flatMap { app in directories.map { ("\(app) \($0.name)", app, $0) } }
        + groups.map { ("group \($0)", nil, Directory.sharedContainer(appGroupName: $0)) }

    /// Every namespace folder one layout accepts, by what it is: app and directory, or group.
    func accepted(_ environment: [String: String]) -> [(String, String)] {
        NamespaceOverlapTests.namespaces.compactMap { label, app, directory in
            (try? Locations(app: app ?? "shelf", environment: environment).path(for: directory)).map { (label, $0) }
        }
    }

    /// Pairs of folders that are one, or one inside the other, component by component as bytes
    /// (the test folder's file system tells case apart; where one does not, the folder opened is
    /// checked for its stored name instead).
    func overlaps(_ folders: [(String, String)]) -> [String] {
        var found: [String] = []
        for (i, a) in folders.enumerated() {
            for b in folders[(i + 1)...] {
                let (x, y) = (BaseFolder.components(a.1).map { Array($0.utf8) }, BaseFolder.components(b.1).map { Array($0.utf8) })
                if x.starts(with: y) || y.starts(with: x) { found.append("\(a.0) / \(b.0): \(a.1) / \(b.1)") }
            }
        }
        return found
    }

    @Test(arguments: NamespaceOverlapTests.layouts.indices)
    func noLayoutLetsANameOverlapAnotherNamespace(_ index: Int) throws {
        let (label, layout) = NamespaceOverlapTests.layouts[index]
        let environment = layout(home.root)
        try FileManager.default.createDirectory(atPath: home.path("cfg"), withIntermediateDirectories: true)
        try home.write("cfg/user-dirs.dirs", "XDG_DOCUMENTS_DIR=\"$HOME/.\"\n")
        try FileManager.default.createDirectory(atPath: home.path("d"), withIntermediateDirectories: true)
        symlink(home.root, home.path("link"))
        symlink(home.path("d"), home.path("link-to-d"))
        // By the paths: what `path` and `dirs` print.
        let folders = accepted(environment)
        #expect(overlaps(folders).isEmpty, "\(label): \(overlaps(folders).prefix(4))")
        // By the folders: save into every accepted namespace, then no saved file may lie in another's folder.
        var made: [(String, String)] = []
        for (name, app, directory) in NamespaceOverlapTests.namespaces {
            let words = (app.map { ["--app", $0] } ?? []) + ["save", directory.name, "probe"]
            let result = CLIResult.run(words, stdin: Array(name.utf8), environment: environment)
            #expect([0, 64, 77].contains(result.status), "\(label): \(words.joined(separator: " ")): \(result.stderr)")
            if result.status == 0, let path = try? Locations(app: app ?? "shelf", environment: environment).path(for: directory) {
                made.append((name, NamespaceOverlapTests.realPath(path)))
            }
        }
        #expect(overlaps(made).isEmpty, "\(label): by the folders made: \(overlaps(made).prefix(4))")
    }

    @Test func theSwiftAPIResolvesThroughTheSameRules() throws {
        let shared = ["HOME": home.root, "XDG_CACHE_HOME": home.path("c"), "XDG_DATA_HOME": home.path("c")]
        let store = try Store(app: "app", environment: shared)
        #expect(throws: ShelfError.self) { try store.save("v", to: .caches, as: "k.json") }
        #expect(throws: ShelfError.self) { try store.url(for: "k.json", in: .applicationSupport) }
        let runtimeInCaches = ["HOME": home.root, "XDG_RUNTIME_DIR": home.path(".cache/run")]
        #expect(throws: ShelfError.self) { try Store(app: "Run", environment: runtimeInCaches).save("v", to: .caches, as: "k.json") }
        try Store(app: "app", environment: runtimeInCaches).save("v", to: .caches, as: "k.json")
        #expect(home.read(".cache/app/k.json") == "\"v\"")
        // A program named like the shared containers' folder, in any case, gets the default namespace.
        #expect(Locations.programName(executable: nil, arguments: ["/bin/Shelf-Shared"]) == "shelf")
    }

    @Test func theSharedContainersCannotBeReachedThroughAnAppInAnyCase() throws {
        #expect(home.run(["save", "sharedContainer:team", "secret.txt"], stdin: "team data").status == 0)
        for app in ["shelf-shared", "Shelf-Shared", "SHELF-shared"] {
            #expect(home.run(["--app", app, "retrieve", "applicationSupport", "team/secret.txt"]).status == 64)
            #expect(home.run(["--app", app, "clear", "applicationSupport"]).status == 64)
        }
        #expect(home.run(["retrieve", "sharedContainer:team", "secret.txt"]).stdout == "team data")
        #expect(home.run(["path", "sharedContainer:<group>"]).status == 64)
    }

    @Test func theHomeFolderIsNeverABase() throws {
        try home.write(".ssh/id", "key")
        for (variable, directory) in [("XDG_CACHE_HOME", "caches"), ("XDG_DATA_HOME", "applicationSupport"), ("XDG_RUNTIME_DIR", "temporary")] {
            for value in [home.root, home.root + "/", home.root + "/.", home.root + "/x/..", "/"] {
                let result = CLIResult.run(["--app", ".ssh", "clear", directory], environment: ["HOME": home.root, variable: value])
                #expect(result.status == 77, "\(variable)=\(value): \(result.stderr)")
            }
        }
        #expect(home.read(".ssh/id") == "key")
        // documents = HOME means "no Documents folder", as xdg-user-dirs says: ~/Documents then.
        #expect(try Locations(app: ".ssh", environment: ["HOME": home.root, "XDG_DOCUMENTS_DIR": home.root + "/."]).path(for: .documents)
                == home.path("Documents/.ssh"))
    }

    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
