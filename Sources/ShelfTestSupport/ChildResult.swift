import Glibc

/// What a child process did: its status or the signal that ended it, what it wrote, how much
/// memory it peaked at.
public struct ChildResult {
    public var pid: pid_t = 0
    public var status: Int32 = -1
    public var signal: Int32?
    public var stdout: [UInt8] = []
    public var stderr: [UInt8] = []
    public var maxResidentKB = 0
    /// Wall time from the spawn to the reaping, on the monotonic clock.
    public var seconds = 0.0
    /// User plus system CPU time of the child and the children it waited for (from `wait4`).
    public var cpuSeconds = 0.0
    public var timedOut = false

    public init() {}

    public var out: String { String(decoding: stdout, as: UTF8.self) }
    public var err: String { String(decoding: stderr, as: UTF8.self) }
    public var exited: Bool { signal == nil && !timedOut }

    /// One line for failure reports.
    public var summary: String {
        let how = timedOut ? "timed out" : signal.map { "killed by signal \($0)" } ?? "exit \(status)"
        let text = err.split(separator: "\n").prefix(2).joined(separator: " | ")
        return "\(how)\(text.isEmpty ? "" : ": \(text.prefix(300))")"
    }
}
