import Glibc
import ShelfTestSupport

/// The temporary folder the bench works in (the test tools' sandbox home, so nothing touches the
/// real one), the environment its processes get and where to find each program.
final class Workspace {
    let root: String
    let shelf: String
    /// This harness's own binary: it also plays the Disk-style rewrite.
    let bench: String
    let quick: Bool
    let cacheHome: String
    /// The `temporary` namespace when it could be put on tmpfs (XDG_RUNTIME_DIR in /dev/shm).
    let temporary: String?
    /// A private folder on tmpfs: XDG_RUNTIME_DIR, so `temporary` namespaces live in it.
    let tmpfsRoot: String?
    /// Also run the clear cases on disk (`--disk-clear`).
    var diskClear = false
    /// GNU time, to measure peak memory from a small parent (nil when not installed).
    private(set) lazy var gnuTime: String? = {
        let candidates = ["/usr/bin/time", "/bin/time"]
        guard let time = candidates.first(where: { access($0, X_OK) == 0 }) else { return nil }
        let probe = Command(arguments: [time, "-f", "%M", "-o", "/dev/null", program("true")])
        return (try? Spawner.run(probe))?.status == 0 ? time : nil
    }()
    private var commandCache: [String: Bool] = [:]
    private let path: [String]

    init(shelf: String, parent: String, quick: Bool) throws {
        root = try SandboxHome.make(in: parent, label: "bench")
        self.shelf = shelf
        self.quick = quick
        bench = Workspace.ownExecutable()
        cacheHome = root + "/cache"
        path = (Workspace.variable("PATH") ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for folder in ["cache", "data", "config", "docs", "tmp", "plain"] {
            try DataFiles.makeFolders(root + "/" + folder)
        }
        tmpfsRoot = Workspace.makeTmpfsFolder()
        temporary = tmpfsRoot.map { $0 + "/shelf" }
        // The sandbox home every test tool uses; `temporary` on tmpfs only when there is one. With
        // LC_ALL=C the baselines (jq, ls, sh) skip locale loading too: the same footing for all.
        var environment = SandboxHome.environment(root).merging(["PATH": path.joined(separator: ":"), "LC_ALL": "C"]) { $1 }
        environment["XDG_RUNTIME_DIR"] = tmpfsRoot
        Spawner.environment = environment
    }

    /// The caches namespace folder of `app` (what `shelf --app APP path caches` prints).
    func caches(_ app: String = "shelf") -> String { cacheHome + "/" + app }

    /// A path in the plain (non-shelf) part of the workspace, for the baselines' files.
    func plain(_ name: String) -> String { root + "/plain/" + name }

    /// The absolute path of a program on PATH, nil when it is not installed.
    func tool(_ name: String) -> String? {
        path.filter { !$0.isEmpty }.map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
    }

    /// A tool's path for a command line; cases that need it list it so a missing one is skipped.
    func program(_ name: String) -> String { tool(name) ?? name }

    /// Whether this shelf has `command`: `shelf <command> --help` exits 0 only for known ones.
    /// "retrieve --each" asks for an option of a reading command: on a missing file it exits 64
    /// when the option is unknown, 66 when it is known.
    func hasCommand(_ command: String) -> Bool {
        if let known = commandCache[command] { return known }
        let words = command.split(separator: " ").map(String.init)
        let probe = words.count == 1 ? [shelf, command, "--help"] : [shelf, words[0], "caches", "bench-probe-missing"] + words.dropFirst()
        let status = (try? Spawner.run(Command(arguments: probe)))?.status
        let result = words.count == 1 ? status == 0 : status == 66
        commandCache[command] = result
        return result
    }

    /// Runs shelf once outside any timing (to store a case's data); throws when it fails.
    func runShelf(_ arguments: [String], input: Command.Input = .none) throws {
        let result = try Spawner.run(Command(arguments: [shelf] + arguments, input: input))
        if result.status != 0 { throw BenchError("shelf \(arguments.joined(separator: " ")) failed: \(result.summary)") }
    }

    /// `rm -rf` of each path, one process, for tearing down; failures are ignored (the whole folder goes at the end).
    func remove(_ paths: String...) {
        _ = try? Spawner.run(Command(arguments: [program("rm"), "-rf"] + paths))
    }

    /// Removes everything the bench made.
    func removeAll() {
        if let tmpfsRoot { remove(tmpfsRoot) }
        remove(root)
    }

    /// A private folder on /dev/shm when that is a tmpfs, else nil.
    private static func makeTmpfsFolder() -> String? {
        let mounts = (try? readText("/proc/self/mounts")) ?? ""
        guard mounts.split(separator: "\n").contains(where: { $0.hasPrefix("tmpfs /dev/shm tmpfs ") }) else { return nil }
        var template = Array("/dev/shm/shelf-bench.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        return String(cString: made)
    }

    /// `name` resolved on this process's PATH, as a shell would; unchanged when it has a '/'.
    static func onPath(_ name: String) -> String {
        guard !name.contains("/") else { return name }
        let folders = (variable("PATH") ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { $0 + "/" + name }.first { access($0, X_OK) == 0 } ?? name
    }

    static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private static func ownExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }
}
