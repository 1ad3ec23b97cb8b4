import Foundation
import ShelfTestSupport
import Testing

/// Where the `shelf` binary under test lives: `$SHELF_BIN` when set, else where a plain
/// `swift build` puts it.
enum BuiltBinary {
    static var path: String {
        SandboxHome.builtBinary(else: Subprocess.repository.appendingPathComponent(".build/debug/shelf").path)
    }

    /// Whether the binary under test has the crash points (`Failpoints`): a debug build does, the
    /// release build (`make test-release`) does not, and the crash tests are cancelled there.
    static let honoursCrashPoints: Bool = {
        guard let binary = FileManager.default.contents(atPath: path) else { return false }
        return binary.range(of: Data(CrashPointBuildTests.variable.utf8)) != nil
    }()
}

extension TestHome {
    /// Runs the binary in this home as a separate process: for crash tests (the process kills
    /// itself), for tests with several processes at once; `stdin` through a pipe. As nobody: a copy
    /// nobody can reach, run through setpriv(1) with /dev/null as input.
    func process(_ arguments: [String], stdin: String = "", environment extra: [String: String] = [:],
                 asNobody: Bool = false) throws -> Subprocess.Result {
        // With a crash point, on a binary built without them (the release build), the calling
        // test is cancelled: that binary would finish the command instead of dying.
        if extra[CrashPointBuildTests.variable] != nil && !BuiltBinary.honoursCrashPoints {
            try Test.cancel("\(BuiltBinary.path) is built without crash points (a release build)")
        }
        let argv = asNobody ? Unprivileged.asNobody + [try Unprivileged.reachableCopy(of: BuiltBinary.path)] : [BuiltBinary.path]
        return try Subprocess.run(argv[0], Array(argv.dropFirst()) + arguments, environment: environment.merging(extra) { $1 },
                                  stdin: stdin, input: asNobody ? ChildInput.none : .pipe)
    }

    /// Runs `script` under `sh` in this home, with `$S` the binary under test: what only a real
    /// process has (raw bytes made by `printf`, closed descriptors, `> /dev/full`). Write it `"$S"`:
    /// the checkout, and so the binary's path, may hold a space.
    func sh(_ script: String, stdin: String = "") throws -> Subprocess.Result {
        try Subprocess.run("/bin/sh", ["-c", "S=\"$0\"; " + script, BuiltBinary.path],
                           environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }, directory: root, stdin: stdin)
    }
}
