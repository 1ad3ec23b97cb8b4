import Foundation

/// Where the `shelf` binary under test lives: `$SHELF_BIN` when set (builds with another scratch
/// path, or an installed copy), else where a plain `swift build` puts it.
enum BuiltBinary {
    static var path: String {
        if let path = ProcessInfo.processInfo.environment["SHELF_BIN"], !path.isEmpty { return path }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/shelf").path
    }

    /// Whether the binary under test has the crash points (`Failpoints`): a debug build does, the
    /// release build (`make test-release`) does not, and the crash tests are cancelled there.
    static let honoursCrashPoints: Bool = {
        guard let binary = FileManager.default.contents(atPath: path) else { return false }
        return binary.range(of: Data(CrashPointBuildTests.variable.utf8)) != nil
    }()
}

extension TestHome {
    /// Runs `script` under `sh` in this home, with `$S` the binary under test: what only a real
    /// process has (raw bytes made by `printf`, closed descriptors, `> /dev/full`). Write it `"$S"`:
    /// the checkout, and so the binary's path, may hold a space.
    func sh(_ script: String, stdin: String = "") throws -> Subprocess.Result {
        try Subprocess.run("/bin/sh", ["-c", "S=\"$0\"; " + script, BuiltBinary.path],
                           environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }, directory: root, stdin: stdin)
    }
}
