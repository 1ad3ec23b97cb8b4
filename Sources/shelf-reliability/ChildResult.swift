import Glibc

/// What a child process did: its status or the signal that ended it, what it wrote, how much
/// memory it peaked at.
struct ChildResult {
    var pid: pid_t = 0
    var status: Int32 = -1
    var signal: Int32?
    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    var maxResidentKB = 0
    var seconds = 0.0
    var timedOut = false

    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }
    var exited: Bool { signal == nil && !timedOut }

    /// One line for failure reports.
    var summary: String {
        let how = timedOut ? "timed out" : signal.map { "killed by signal \($0)" } ?? "exit \(status)"
        let text = err.split(separator: "\n").prefix(2).joined(separator: " | ")
        return "\(how)\(text.isEmpty ? "" : ": \(text.prefix(300))")"
    }
}
