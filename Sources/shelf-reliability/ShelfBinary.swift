import Foundation
import ShelfTestSupport

/// The `shelf` binary under test and how to run it.
struct ShelfBinary {
    let path: String
    /// Wall time of `shelf --version`: process start-up, the part of a run where a kill tests nothing.
    private(set) var startupSeconds: Double
    /// Variables added to every run (the network-FS pass sets SHELF_FORCE_NETWORK_FS=1).
    var environment: [String: String] = [:]

    init(path: String) throws {
        guard access(path, X_OK) == 0 else {
            throw HarnessError("no executable shelf at \(path): build it first (swift build) or pass its path / set SHELF_BIN")
        }
        self.path = path
        startupSeconds = 0
        let probe = try Sandbox(label: "probe")
        defer { probe.destroy() }
        var times: [Double] = []
        for _ in 0..<5 { times.append(try run(["--version"], in: probe).seconds) }
        startupSeconds = times.sorted()[2]
    }

    /// Runs shelf with the sandbox's environment (plus `extra`).
    func run(_ arguments: [String], in sandbox: Sandbox, input: ChildInput = .none, environment extra: [String: String] = [:],
             limits: ChildLimits = ChildLimits(), timeout: Double = 120) throws -> ChildResult {
        try start(rawArguments: arguments.map { Array($0.utf8) }, in: sandbox, input: input, environment: extra, limits: limits).wait(timeout: timeout)
    }

    /// Saves a scenario's starting content; a failure here is the harness's, not a finding.
    func setUp(_ directory: String, _ path: String, _ bytes: [UInt8], in sandbox: Sandbox) throws {
        let result = try run(["save", directory, path], in: sandbox, input: .bytes(bytes))
        guard result.status == 0 else { throw HarnessError("set-up save of \(directory) \(path) failed: \(result.summary)") }
    }

    /// Starts shelf without waiting (for kills and races).
    func start(_ arguments: [String], in sandbox: Sandbox, input: ChildInput = .none,
               environment extra: [String: String] = [:]) throws -> Child {
        try start(rawArguments: arguments.map { Array($0.utf8) }, in: sandbox, input: input, environment: extra)
    }

    /// Starts shelf with raw argument bytes (argv may hold any byte but NUL): every way of running it
    /// ends here. `rawEnvironment` holds `NAME=value` entries of any bytes but NUL; `redirect` runs it
    /// through `sh -c`, which applies it (`<&-`, `>/dev/full`, …) before exec. `program` runs instead
    /// of shelf alone: a wrapper (setpriv, time, strace, a shell pipeline), with shelf's path among
    /// its words where it runs shelf.
    func start(rawArguments: [[UInt8]], in sandbox: Sandbox, input: ChildInput, environment extra: [String: String] = [:],
               rawEnvironment: [[UInt8]] = [], redirect: String? = nil, limits: ChildLimits = ChildLimits(),
               program: [String]? = nil) throws -> Child {
        var argv = (program ?? [path]).map { Array($0.utf8) } + rawArguments
        if let redirect { argv = ["/bin/sh", "-c", "exec \"$@\" \(redirect)", "sh"].map { Array($0.utf8) } + argv }
        return try Child(argv, environment: sandbox.environment.merging(environment) { $1 }.merging(extra) { $1 },
                         rawEnvironment: rawEnvironment, input: input, limits: limits)
    }

    /// Runs shelf as an unprivileged user: as `nobody` through setpriv(1) when the harness is
    /// root, as itself otherwise; nil when root has no setpriv.
    func runUnprivileged(_ arguments: [String], in sandbox: Sandbox, input: ChildInput = .none,
                         environment extra: [String: String] = [:], umask: mode_t? = nil) throws -> ChildResult? {
        var program = [path]
        if getuid() == 0 {
            guard Unprivileged.setpriv != nil else { return nil }
            program = Unprivileged.asNobody + [try Unprivileged.reachableCopy(of: path)]
        }
        return try start(rawArguments: arguments.map { Array($0.utf8) }, in: sandbox, input: input, environment: extra,
                         limits: ChildLimits(umask: umask), program: program).wait()
    }

    static var canRunUnprivileged: Bool { getuid() != 0 || Unprivileged.setpriv != nil }

    /// Who `runUnprivileged` runs as.
    static var unprivilegedUID: uid_t { getuid() == 0 ? Unprivileged.nobody : getuid() }

    static let unprivilegedMissing = "needs setpriv(1) to run as an unprivileged user"
}
