import Foundation
import Glibc
import ShelfTestSupport

/// The `shelf` binary under test and what it can do. Parts of the battery for commands that are
/// not there yet (append, list, clear, the real JSON validator) report "skipped" and switch on
/// by themselves once the binary has them.
struct ShelfBinary {
    let path: String
    let hasAppend: Bool
    let hasList: Bool
    let hasClear: Bool
    /// The validator rejects an unclosed `[` (the placeholder accepts any non-blank input).
    let validatesJSON: Bool
    /// Wall time of `shelf --version`: process start-up, the part of a run where a kill tests nothing.
    let startupSeconds: Double
    /// Variables added to every run (the network-FS pass sets SHELF_FORCE_NETWORK_FS=1).
    var environment: [String: String] = [:]

    init(path: String) throws {
        guard access(path, X_OK) == 0 else {
            throw HarnessError("no executable shelf at \(path): build it first (swift build) or pass its path / set SHELF_BIN")
        }
        self.path = path
        let probe = try Sandbox(label: "probe")
        defer { probe.destroy() }
        func has(_ command: String) throws -> Bool {
            try ShelfBinary.run(path, ["help", command], in: probe).status == 0
        }
        hasAppend = try has("append")
        hasList = try has("list")
        hasClear = try has("clear")
        let unclosed = try ShelfBinary.run(path, ["save", "caches", "probe.json"], in: probe, input: .bytes(Array("[".utf8)))
        validatesJSON = unclosed.status == 65
        var times: [Double] = []
        for _ in 0..<5 { times.append(try ShelfBinary.run(path, ["--version"], in: probe).seconds) }
        startupSeconds = times.sorted()[2]
    }

    /// Runs shelf with the sandbox's environment (plus `extra`).
    func run(_ arguments: [String], in sandbox: Sandbox, input: ChildInput = .none, environment extra: [String: String] = [:],
             limits: ChildLimits = ChildLimits(), timeout: Double = 120) throws -> ChildResult {
        try ShelfBinary.run(path, arguments, in: sandbox, input: input, environment: environment.merging(extra) { $1 },
                            limits: limits, timeout: timeout)
    }

    /// Saves a scenario's starting content; a failure here is the harness's, not a finding.
    func setUp(_ directory: String, _ path: String, _ bytes: [UInt8], in sandbox: Sandbox) throws {
        let result = try run(["save", directory, path], in: sandbox, input: .bytes(bytes))
        guard result.status == 0 else { throw HarnessError("set-up save of \(directory) \(path) failed: \(result.summary)") }
    }

    /// Runs shelf with argument bytes and raw `NAME=value` environment entries (any byte but NUL),
    /// through `sh -c` when `redirect` is given (`<&-`, `>/dev/full`, …), which sh applies before exec.
    func run(raw arguments: [[UInt8]], in sandbox: Sandbox, input: ChildInput = .none, environment extra: [String: String] = [:],
             rawEnvironment: [[UInt8]] = [], redirect: String? = nil, limits: ChildLimits = ChildLimits(),
             timeout: Double = 120) throws -> ChildResult {
        var argv = [Array(path.utf8)] + arguments
        if let redirect { argv = ["/bin/sh", "-c", "exec \"$@\" \(redirect)", "sh"].map { Array($0.utf8) } + argv }
        let child = try Child(argv, environment: sandbox.environment.merging(environment) { $1 }.merging(extra) { $1 },
                              rawEnvironment: rawEnvironment, input: input, limits: limits)
        return child.wait(timeout: timeout)
    }

    /// Starts shelf without waiting (for kills and races).
    func start(_ arguments: [String], in sandbox: Sandbox, input: ChildInput = .none,
               environment extra: [String: String] = [:]) throws -> Child {
        try Child([Array(path.utf8)] + arguments.map { Array($0.utf8) },
                  environment: sandbox.environment.merging(environment) { $1 }.merging(extra) { $1 }, input: input)
    }

    /// Starts shelf with raw argument bytes (argv may hold any byte but NUL).
    func start(rawArguments: [[UInt8]], in sandbox: Sandbox, input: ChildInput, environment extra: [String: String] = [:]) throws -> Child {
        try Child([Array(path.utf8)] + rawArguments, environment: sandbox.environment.merging(environment) { $1 }.merging(extra) { $1 },
                  input: input)
    }

    /// Runs shelf as an unprivileged user: as `nobody` through setpriv(1) when the harness is
    /// root, as itself otherwise; nil when root has no setpriv.
    func runUnprivileged(_ arguments: [String], in sandbox: Sandbox, input: ChildInput = .none,
                         environment extra: [String: String] = [:], umask: mode_t? = nil) throws -> ChildResult? {
        var argv = [path] + arguments
        if getuid() == 0 {
            argv[0] = try Unprivileged.reachableCopy(of: path)
            guard Unprivileged.setpriv != nil else { return nil }
            argv = Unprivileged.asNobody + argv
        }
        let child = try Child(argv.map { Array($0.utf8) }, environment: sandbox.environment.merging(environment) { $1 }.merging(extra) { $1 },
                              input: input, limits: ChildLimits(umask: umask))
        return child.wait()
    }

    static var canRunUnprivileged: Bool { getuid() != 0 || Unprivileged.setpriv != nil }

    /// Who `runUnprivileged` runs as.
    static var unprivilegedUID: uid_t { getuid() == 0 ? Unprivileged.nobody : getuid() }

    static let unprivilegedMissing = "needs setpriv(1) to run as an unprivileged user"

    private static func run(_ path: String, _ arguments: [String], in sandbox: Sandbox, input: ChildInput = .none,
                            environment extra: [String: String] = [:], limits: ChildLimits = ChildLimits(),
                            timeout: Double = 120) throws -> ChildResult {
        let child = try Child([Array(path.utf8)] + arguments.map { Array($0.utf8) },
                              environment: sandbox.environment.merging(extra) { $1 }, input: input, limits: limits)
        return child.wait(timeout: timeout)
    }
}
