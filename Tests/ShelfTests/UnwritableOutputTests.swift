import Foundation
import Glibc
import Testing
@testable import ShelfCLI
@testable import ShelfCore

/// Issue 12 item 15: output that cannot be written is never reported as success. Every command
/// that prints goes through one `Output`, which remembers a failed write; the run checks it once,
/// after the final flush, and exits 74 with a message (saying so when the command's work was done).
/// Through the built binary: the battery's "unwritable stdout" (every invocation that prints,
/// `> /dev/full`: 74) and ProcessBytesEndToEndTests (`>&-`, which `runProcess` passes on as -1; an
/// acting copy among them).
@Suite(.enabled(if: access("/dev/full", W_OK) == 0))
struct UnwritableOutputTests {
    let home = TestHome()

    /// The stored files every invocation starts from.
    init() throws {
        try home.write("cache/shelf/a.txt", "hello\n")
        try home.write("cache/shelf/list.json", "[1]")
        try home.write("cache/shelf/inbox/0", "zero")
    }

    /// Every command that prints, and each option that changes what it prints.
    static let printing: [[String]] = [
        ["list", "caches"], ["list", "caches", "-l"], ["list", "caches", "-R"], ["list", "caches", "--json"], ["list", "caches", "-0"],
        ["path", "caches", "a.txt"], ["path", "--json", "caches"], ["dirs"], ["dirs", "--json"], ["dirs", "--group", "g"],
        ["capacity", "caches"], ["capacity", "caches", "--json"], ["capacity", "--human"],
        ["help"], ["help", "save"], ["save", "--help"], ["--help"], ["--version"], ["--version", "--json"], ["--generate-manpage"],
        ["completions", "bash"], ["completions", "zsh"], ["completions", "fish"], ["__complete-path", "caches", "a"],
        ["retrieve", "caches", "a.txt"], ["retrieve", "caches", "list.json", "--each"],
        ["clear", "caches", "--dry-run"], ["clear", "caches", "-n", "-0"], ["clear", "caches", "-n", "--json"],
    ]

    /// Commands that change what is stored, then print: the change stays, and the message says so.
    static let acting: [([String], String, String?)] = [
        (["save", "caches", "n.txt", "--print-path"], "new", "cache/shelf/n.txt"),
        (["save", "caches", "n.txt", "--json"], "new", "cache/shelf/n.txt"),
        (["append", "caches", "inbox/"], "x", "cache/shelf/inbox/1"),
        (["append", "caches", "list.json", "--json"], "2", nil),
        (["copy", "caches", "a.txt", "documents", "--print-path"], "", "docs/shelf/a.txt"),
        (["copy", "caches", "a.txt", "documents", "--json"], "", "docs/shelf/a.txt"),
        (["move", "caches", "a.txt", "documents", "--print-path"], "", "docs/shelf/a.txt"),
        (["move", "caches", "a.txt", "temporary", "--json"], "", "run/shelf/a.txt"),
        (["rename", "caches", "a.txt", "b.txt", "--print-path"], "", "cache/shelf/b.txt"),
        (["rename", "caches", "a.txt", "b.txt", "--json"], "", "cache/shelf/b.txt"),
        (["remove", "caches", "a.txt", "--json"], "", nil),
        (["sync", "caches", "users", "--json"], #"[{"id":"u1"}]"#, "cache/shelf/users/u1.json"),
        (["clear", "caches", "--verbose"], "", nil),
        (["clear", "caches", "--json"], "", nil),
    ]

    @Test(arguments: printing)
    func everyPrintingCommandExits74WhenItsOutputIsLost(_ arguments: [String]) throws {
        let result = home.runToFullDisk(arguments).expect(status: 74, saying: "no space left on device while writing <stdout>", about: "\(arguments)")
        // Nothing changed (the dry runs of clear too), and nothing claims it did.
        #expect(!result.stderr.contains("was done"), "\(arguments) changed nothing: \(result.stderr)")
        #expect(home.exists("cache/shelf/a.txt"))
    }

    @Test(arguments: acting)
    func aCommandThatActedSaysSoWhenItsOutputIsLost(_ arguments: [String], _ stdin: String, _ made: String?) throws {
        let result = home.runToFullDisk(arguments, stdin: stdin).expect(status: 74, about: "\(arguments)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("shelf: \(arguments[0]): ") }, "\(result.stderr)")
        #expect(result.stderr.contains("the \(arguments[0]) itself was done and is kept"), "\(result.stderr)")
        #expect(result.stderr.contains("do not run it again"))
        if let made { #expect(home.exists(made), "\(arguments): \(made) was not made") }
    }

    /// Commands that print nothing are not affected by where standard output goes.
    @Test(arguments: [["exists", "caches", "a.txt"], ["save", "caches", "n.txt"], ["remove", "caches", "a.txt"],
                      ["clear", "caches"], ["append", "caches", "list.json"]])
    func commandsThatPrintNothingStillSucceed(_ arguments: [String]) throws {
        let result = home.runToFullDisk(arguments, stdin: "1").expect(status: 0, about: "\(arguments)")
        #expect(result.stderr.isEmpty)
    }

    /// A failure of the command itself keeps its own status; the lost output is reported too.
    @Test func aFailedCommandKeepsItsStatus() throws {
        home.runToFullDisk(["retrieve", "caches", "missing"]).expect(status: 66)
        home.runToFullDisk(["list", "nowhere"]).expect(status: 64)
    }

    /// Output past the buffer is written before the end: its failure is kept, the rest discarded.
    @Test func aFailureMidwayIsKeptAndLaterWritesAreDropped() {
        let full = open("/dev/full", O_WRONLY)
        defer { close(full) }
        let output = Output(descriptor: full)
        output.write(String(repeating: "x", count: 70_000))
        #expect(output.failure == .noSpace(path: "<stdout>"))
        output.line("more")
        output.flush()
        #expect(output.failure == .noSpace(path: "<stdout>"))
        let fine = CapturedFile()
        let good = Output(descriptor: fine.fd)
        good.line("ok")
        good.flush()
        #expect(good.failure == nil && fine.contents() == "ok\n")
    }
}
