import Foundation
import Glibc
@testable import Shelf
@testable import ShelfCore
import ShelfCLI
import ShelfTestSupport

/// A fresh temporary home with every XDG variable pointing inside it, so no test touches the
/// real home. Removed when the value is deinitialised.
final class TestHome: @unchecked Sendable {
    let root: String

    init() {
        root = try! SandboxHome.make(label: "test")
    }

    deinit {
        // Folders made read-only by a test are made writable again to be removed; links are not followed.
        RawFiles.removeTree(Array(root.utf8))
    }

    /// Every variable shelf reads, inside this home.
    var environment: [String: String] { SandboxHome.environment(root) }

    func store(app: String? = nil) throws -> Store {
        try Store(app: app, environment: environment)
    }

    /// Absolute path of `relative` inside this home.
    func path(_ relative: String) -> String { root + "/" + relative }

    func write(_ relative: String, _ contents: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ relative: String) -> Bool { RawFiles.exists(Array(path(relative).utf8)) }

    /// Every path below the home, relative, sorted: to prove nothing appeared elsewhere.
    func allPaths() -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).sorted()
    }

    /// shelf's own files left below the home: temporary files, and journals holding a record.
    /// An empty journal is not a leftover: it stays beside its file between appends.
    func shelfLeftovers() -> [String] {
        allPaths().filter { name in
            name.contains(SafePath.reservedPrefix) && !(name.contains(JournalName.commonPrefix) && (read(name) ?? "x").isEmpty)
        }
    }

    /// Runs the CLI in-process with `stdin` (or `stdinBytes`) as input; stdout and stderr are captured separately.
    func run(_ arguments: [String], stdin: String = "", stdinBytes: [UInt8]? = nil,
             environment extra: [String: String] = [:]) -> CLIResult {
        CLIResult.run(arguments, stdin: stdinBytes ?? Array(stdin.utf8), environment: environment.merging(extra) { $1 })
    }

    /// Runs the CLI in-process with standard output on /dev/full: every write of what it prints
    /// fails with ENOSPC (stdout of the result is empty).
    func runToFullDisk(_ arguments: [String], stdin: String = "", environment extra: [String: String] = [:]) -> CLIResult {
        let full = open("/dev/full", O_WRONLY)
        defer { close(full) }
        return CLIResult.run(arguments, stdin: Array(stdin.utf8), environment: environment.merging(extra) { $1 }, stdout: full)
    }
}

/// What one CLI invocation produced.
struct CLIResult {
    let status: Int32
    let stdout: String
    let stderr: String

    /// Runs the CLI in-process with exactly `environment`; standard output and error are captured
    /// separately, or standard output goes to `stdout` when given (and is then reported empty).
    static func run(_ arguments: [String], stdin: [UInt8] = [], environment: [String: String], stdout: Int32? = nil) -> CLIResult {
        let input = CapturedFile(contents: stdin), out = CapturedFile(), err = CapturedFile()
        let status = CLI.run(arguments: arguments, environment: environment, stdin: input.fd, stdout: stdout ?? out.fd,
                             stderr: err.fd)
        return CLIResult(status: status, stdout: out.contents(), stderr: err.contents())
    }
}

/// An unlinked temp file used as a standard stream: no pipe can fill up and block a test.
final class CapturedFile {
    let fd: Int32

    init(contents: [UInt8] = []) { fd = try! Child.scratchFile(holding: contents) }

    deinit { close(fd) }

    /// Everything written, as bytes.
    func bytes() -> [UInt8] { Child.contents(fd) }

    func contents() -> String { String(decoding: bytes(), as: UTF8.self) }
}
