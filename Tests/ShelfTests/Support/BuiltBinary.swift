import Foundation
import ShelfTestSupport

/// Where the `shelf` binary under test lives: `$SHELF_BIN` when set, else where a plain
/// `swift build` puts it.
enum BuiltBinary {
    static var path: String {
        SandboxHome.builtBinary(else: Subprocess.repository.appendingPathComponent(".build/debug/shelf").path)
    }
}

extension TestHome {
    /// Runs the binary in this home as a separate process: for crash tests (the process kills
    /// itself), for tests with several processes at once; `stdin` through a pipe. As nobody: a copy
    /// nobody can reach, run through setpriv(1) with /dev/null as input.
    func process(_ arguments: [String], stdin: String = "", environment extra: [String: String] = [:],
                 asNobody: Bool = false) throws -> Subprocess.Result {
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
