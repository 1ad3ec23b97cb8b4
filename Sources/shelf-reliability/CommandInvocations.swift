import Foundation
import ShelfTestSupport

/// One run of every command and of each option that changes what it prints, on a small stored
/// set-up: what the descriptor and unwritable-output scenarios put through their hostile
/// standard streams and compare with an ordinary run.
struct Invocation {
    let arguments: [String]
    var input: [UInt8]? = nil
    /// Variables beside the sandbox's (`edit`'s editor).
    var environment: [String: String] = [:]

    var label: String { arguments.joined(separator: " ") }

    static var all: [Invocation] {
        let plain: [[String]] = [
            ["retrieve", "caches", "a.txt"], ["retrieve", "caches", "list.json", "--each"], ["retrieve", "caches", "missing.txt"],
            ["exists", "caches", "a.txt"], ["is-folder", "caches", "inbox"], ["remove", "caches", "a.txt"],
            ["move", "caches", "a.txt", "documents"], ["move", "caches", "a.txt", "documents", "--print-path"],
            ["copy", "caches", "a.txt", "documents"], ["copy", "caches", "a.txt", "documents", "--print-path"],
            ["rename", "caches", "a.txt", "b.txt"], ["rename", "caches", "a.txt", "b.txt", "--print-path"],
            ["clear", "caches"], ["clear", "caches", "--verbose"], ["clear", "caches", "--json"], ["clear", "caches", "--dry-run"],
            ["list", "caches"], ["list", "caches", "-l"], ["list", "caches", "-R"], ["list", "caches", "--json"],
            ["do-not-backup", "caches", "a.txt"], ["backup", "caches", "a.txt"],
            ["path", "caches", "a.txt"], ["path", "--json", "caches"], ["dirs"], ["dirs", "--json"],
            ["capacity", "caches"], ["capacity", "caches", "--json"], ["help", "save"], ["--version"], ["completions", "bash"],
            ["du", "caches"], ["apps"], ["update", "caches", "a.txt", "--", "tr", "a-z", "A-Z"],
            // A program's output stored: shelf reads a pipe of its own, never its standard input.
            ["save", "caches", "p.txt", "--from-command", "--", "echo", "hi"],
            ["save", "caches", "p.json", "--from-command", "--", "echo", "[1]"],
        ]
        return plain.map { Invocation(arguments: $0) } + [
            Invocation(arguments: ["save", "caches", "n.txt"], input: Array("new\n".utf8)),
            Invocation(arguments: ["save", "caches", "n.txt", "--print-path"], input: Array("new\n".utf8)),
            Invocation(arguments: ["save", "caches", "bad.json"], input: Array("{".utf8)),
            Invocation(arguments: ["append", "caches", "list.json"], input: Array("2".utf8)),
            Invocation(arguments: ["append", "caches", "inbox/"], input: Array("x".utf8)),
            Invocation(arguments: ["append", "caches", "log.txt"], input: Array("line\n".utf8)),
            Invocation(arguments: ["sync", "caches", "users", "--json"], input: Array("[{\"id\":\"u1\"}]".utf8)),
            // An editor that changes nothing and needs no terminal.
            Invocation(arguments: ["edit", "caches", "a.txt"], environment: ["EDITOR": "true"]),
        ]
    }

    /// The stored files every invocation starts from.
    static func setUp(_ sandbox: Sandbox) throws {
        let caches = sandbox.namespace("caches")
        try Sandbox.writeFile(caches + "/a.txt", Array("hello\n".utf8))
        try Sandbox.writeFile(caches + "/list.json", Array("[1]".utf8))
        try Sandbox.writeFile(caches + "/log.txt", Array("first\n".utf8))
        try Sandbox.writeFile(caches + "/inbox/0", Array("zero".utf8))
        try Sandbox.writeFile(sandbox.namespace("documents") + "/keep.txt", [1])
    }

    /// A snapshot of the stored files as `setUp` leaves them: what a refused command must leave.
    static func untouched() throws -> [String] {
        let sandbox = try Sandbox(label: "invocation")
        defer { sandbox.destroy() }
        try setUp(sandbox)
        return Sandbox.snapshot(sandbox.root).filter { !$0.hasPrefix("/tmp") }
    }

    /// Runs it in a fresh sandbox; returns the result and a snapshot of everything stored afterwards.
    func run(_ battery: Battery, redirect: String? = nil) throws -> (ChildResult, [String]) {
        let sandbox = try Sandbox(label: "invocation")
        defer { sandbox.destroy() }
        try Invocation.setUp(sandbox)
        let given: ChildInput = input.map { .bytes($0) } ?? .none
        let result = try battery.shelf.start(rawArguments: arguments.map { Array($0.utf8) }, in: sandbox, input: given,
                                             environment: environment, redirect: redirect).wait(timeout: 20)
        return (result, Sandbox.snapshot(sandbox.root).filter { !$0.hasPrefix("/tmp") })
    }
}
