import Glibc

/// One hostile request: what to plant first, what to run, which statuses are right.
struct HostileCase {
    var label: String
    var arguments: [String]
    var expected: Set<Int32> = [64]
    var environment: [String: String] = [:]
    /// Prepares the home (links, FIFOs…) given the home and a folder outside every namespace.
    var plant: (Sandbox, String) -> Void = { _, _ in }
    var input: [UInt8] = Array("evil".utf8)
}

/// The hostile requests: path texts through every command that takes a path, then links planted
/// inside the namespaces, then app, group and environment values.
enum HostilePathCases {
    /// Path texts that must be refused as usage errors (64). NUL cannot be tested through argv
    /// (the kernel ends an argument at NUL); the in-process HostilePathTests cover it.
    static let texts: [(String, String)] = [
        ("..", ".."), ("../x", "../x"), ("a/../../b", "a/../../b"), ("a/..", "a/.."), ("a/b/..", "a/b/.."),
        ("./a", "./a"), ("a/./b", "a/./b"), (".", "."), ("a/.", "a/."), ("/etc/passwd", "/etc/passwd"), ("/", "/"),
        ("//x", "//x"), ("a//b", "a//b"), ("a/b//", "a/b//"), ("/tmp/shelf-evil", "/tmp/shelf-evil"),
        ("../../../../../../tmp/shelf-evil", "../../../../../../tmp/shelf-evil"), ("x/../../../etc/passwd", "x/../../../etc/passwd"),
        ("newline", "line\nbreak"), ("tab", "tab\there"), ("bell", "bell\u{7}"), ("DEL", "del\u{7F}"), ("escape sequence", "\u{1B}[2Jx"),
        ("carriage return", "a\rb"), ("empty", ""), (".shelf-tmp-1", ".shelf-tmp-1"), ("a/.shelf-journal", "a/.shelf-journal"),
        ("256-byte name", String(repeating: "n", count: 256)), ("4,200-byte path", String(repeating: "d/", count: 2100) + "f"),
        ("5,000-byte path of long names", String(repeating: String(repeating: "p", count: 200) + "/", count: 25)),
    ]

    static var all: [HostileCase] {
        var cases: [HostileCase] = []
        for (name, text) in texts {
            let commands: [(String, [String])] = [
                ("save", ["save", "caches", "--", text]), ("retrieve", ["retrieve", "caches", "--", text]),
                ("exists", ["exists", "caches", "--", text]), ("remove", ["remove", "caches", "--force", "--", text]),
                ("path", ["path", "caches", "--", text]), ("move", ["move", "caches", "--", text, "documents"]),
                ("rename to", ["rename", "caches", "good.txt", "--", text]), ("copy to", ["copy", "caches", "good.txt", "documents", "--", text]),
                ("sync into", ["sync", "caches", "--", text]), ("append", ["append", "caches", "--", text]),
                ("list", ["list", "caches", "--", text]),
            ]
            cases += commands.map { HostileCase(label: "\($0.0) '\(name)'", arguments: $0.1, input: $0.0 == "sync into" ? Array("[]".utf8) : Array("evil".utf8)) }
        }
        return cases + planted() + names()
    }

    /// Links and special files planted inside the namespaces.
    static func planted() -> [HostileCase] {
        let etcLink: (Sandbox, String) -> Void = { home, _ in symlink("/etc", home.namespace("caches") + "/etc") }
        let outLink: (Sandbox, String) -> Void = { home, outside in
            symlink(outside, home.namespace("caches") + "/out")
            symlink(outside, home.namespace("documents") + "/out")
        }
        let fileLink: (Sandbox, String) -> Void = { home, outside in
            symlink("/etc/passwd", home.namespace("caches") + "/passwd")
            symlink(outside + "/precious.txt", home.namespace("caches") + "/leak.txt")
        }
        let namespaceLink: (Sandbox, String) -> Void = { home, outside in
            Sandbox.removeTree(home.namespace("caches"))
            symlink(outside, home.namespace("caches"))
        }
        let loop: (Sandbox, String) -> Void = { home, _ in symlink("loop", home.namespace("caches") + "/loop") }
        let fifo: (Sandbox, String) -> Void = { home, _ in mkfifo(home.namespace("caches") + "/fifo", 0o600) }
        return [
            // Reads and new names only through the link to /etc; anything that could change a file goes through `out`.
            HostileCase(label: "retrieve through a link to /etc", arguments: ["retrieve", "caches", "etc/passwd"], expected: [77], plant: etcLink),
            HostileCase(label: "exists through a link to /etc", arguments: ["exists", "caches", "etc/passwd"], expected: [77], plant: etcLink),
            HostileCase(label: "save a new name through a link to /etc", arguments: ["save", "caches", "etc/shelf-reliability-probe"], expected: [77], plant: etcLink),
            HostileCase(label: "copy a link to /etc", arguments: ["copy", "caches", "etc", "documents"], expected: [77], plant: etcLink),
            HostileCase(label: "copy a file through a link to /etc", arguments: ["copy", "caches", "etc/hostname", "documents"], expected: [77], plant: etcLink),
            HostileCase(label: "save through a linked folder", arguments: ["save", "caches", "out/evil.txt"], expected: [77], plant: outLink),
            HostileCase(label: "remove through a linked folder", arguments: ["remove", "caches", "out/precious.txt"], expected: [77], plant: outLink),
            HostileCase(label: "move out through a linked folder", arguments: ["move", "caches", "out/precious.txt", "applicationSupport"], expected: [77], plant: outLink),
            HostileCase(label: "rename out of a linked folder", arguments: ["rename", "caches", "out/precious.txt", "mine.txt"], expected: [77], plant: outLink),
            HostileCase(label: "rename into a linked folder", arguments: ["rename", "caches", "good.txt", "out/stolen.txt"], expected: [77], plant: outLink),
            HostileCase(label: "copy into a linked folder", arguments: ["copy", "caches", "good.txt", "documents", "out/stolen.txt"], expected: [77], plant: outLink),
            HostileCase(label: "move a linked folder", arguments: ["move", "caches", "out", "applicationSupport"], expected: [77], plant: outLink),
            HostileCase(label: "sync into a linked folder", arguments: ["sync", "caches", "out"], expected: [77], plant: outLink, input: Array("[{\"id\":\"a\"}]".utf8)),
            HostileCase(label: "retrieve a link to /etc/passwd", arguments: ["retrieve", "caches", "passwd"], expected: [77], plant: fileLink),
            HostileCase(label: "save over a link to a file outside", arguments: ["save", "caches", "leak.txt"], expected: [77], plant: fileLink),
            HostileCase(label: "copy a link to a file outside", arguments: ["copy", "caches", "leak.txt", "documents"], expected: [77], plant: fileLink),
            HostileCase(label: "save in a namespace folder that is a link", arguments: ["save", "caches", "a.txt"], expected: [77], plant: namespaceLink),
            HostileCase(label: "retrieve in a namespace folder that is a link", arguments: ["retrieve", "caches", "precious.txt"], expected: [77], plant: namespaceLink),
            HostileCase(label: "remove in a namespace folder that is a link", arguments: ["remove", "caches", "precious.txt"], expected: [77], plant: namespaceLink),
            HostileCase(label: "move into a namespace folder that is a link", arguments: ["move", "documents", "d.txt", "caches"], expected: [77], plant: namespaceLink),
            HostileCase(label: "save through a link loop", arguments: ["save", "caches", "loop/x"], expected: [77], plant: loop),
            HostileCase(label: "retrieve a link loop", arguments: ["retrieve", "caches", "loop"], expected: [77], plant: loop),
            HostileCase(label: "retrieve a planted FIFO (no hang)", arguments: ["retrieve", "caches", "fifo"], expected: [66], plant: fifo),
            HostileCase(label: "copy a planted FIFO (no hang)", arguments: ["copy", "caches", "fifo", "documents"], expected: [73], plant: fifo),
            HostileCase(label: "move a planted FIFO (no hang)", arguments: ["move", "caches", "fifo", "documents"], expected: [73], plant: fifo),
            HostileCase(label: "append through a linked folder", arguments: ["append", "caches", "out/log.jsonl"], expected: [77], plant: outLink),
            HostileCase(label: "append to a link to a file outside", arguments: ["append", "caches", "leak.txt"], expected: [77], plant: fileLink),
            HostileCase(label: "append to a planted FIFO (no hang)", arguments: ["append", "caches", "fifo"], expected: [73], plant: fifo),
            HostileCase(label: "list a link to /etc", arguments: ["list", "caches", "etc"], expected: [77], plant: etcLink),
            HostileCase(label: "list a namespace folder that is a link", arguments: ["list", "caches"], expected: [77], plant: namespaceLink),
            HostileCase(label: "clear a namespace folder that is a link", arguments: ["clear", "caches"], expected: [77], plant: namespaceLink),
            HostileCase(label: "clear with links to /etc and outside inside", arguments: ["clear", "caches"], expected: [0],
                        plant: { home, outside in etcLink(home, outside); outLink(home, outside) }),
        ]
    }

    /// App names, group names and environment values.
    static func names() -> [HostileCase] {
        let apps = ["../x", "x/y", "..", ".", "", "a\nb", "/etc", String(repeating: "a", count: 256)]
        let groups = ["../x", "a/b", "", "..", ".", "a\nb", "/etc"]
        return apps.map { HostileCase(label: "--app \($0.debugDescription.prefix(20))", arguments: ["--app", $0, "save", "caches", "a.txt"]) }
            + apps.prefix(3).map { HostileCase(label: "SHELF_APP=\($0)", arguments: ["save", "caches", "a.txt"], environment: ["SHELF_APP": $0]) }
            + groups.map { HostileCase(label: "sharedContainer:\($0.debugDescription.prefix(20))", arguments: ["save", "sharedContainer:" + $0, "a.txt"]) }
            + [HostileCase(label: "shared-container:..", arguments: ["save", "shared-container:..", "a.txt"]),
               HostileCase(label: "relative XDG_CACHE_HOME is ignored", arguments: ["save", "caches", "a.txt"], expected: [0],
                           environment: ["XDG_CACHE_HOME": "../../escaped"]),
               HostileCase(label: "relative XDG_RUNTIME_DIR is ignored", arguments: ["save", "temporary", "a.txt"], expected: [0],
                           environment: ["XDG_RUNTIME_DIR": "../../escaped"])]
    }
}
