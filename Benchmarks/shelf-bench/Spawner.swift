import Glibc

/// One process to run: its arguments and where its standard streams come from and go to.
struct Command {
    enum Input {
        case none                 // /dev/null
        case file(String)         // the file, opened read-only
        case feed(bytes: Int)     // a pipe the harness fills with `bytes` bytes, then closes
    }
    enum Output {
        case discard              // /dev/null
        case drain                // a pipe the harness reads to the end (a reader as fast as can be)
    }

    var arguments: [String]
    var input: Input = .none
    var output: Output = .discard
}

/// What one run cost, measured by the harness around `posix_spawn` … `wait4`.
struct Measurement {
    var seconds: Double
    /// User plus system CPU time of the process and the children it waited for (from `wait4`;
    /// unlike the peak memory, CPU time is not inherited across `exec`). Less noisy than wall
    /// time on a shared machine, where waiting for a core or the disk shows in the wall time only.
    var cpuSeconds: Double
    var status: Int32
    /// The start of its standard error, kept when the process failed.
    var errorText: String
}

/// A started process; `wait()` collects it.
struct Child {
    let pid: pid_t
    let started: Double
    let errorFile: String
}

/// Starts processes with `posix_spawn` (no shell, no Foundation `Process`), so that the harness
/// adds the same small, fixed cost to shelf and to each baseline.
enum Spawner {
    /// The environment every spawned process gets (set once by the workspace).
    nonisolated(unsafe) static var environment: [String] = []
    /// A byte pattern written into `feed` pipes: 1 MiB, not all one value.
    static let pattern: [UInt8] = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Runs `command` to completion and measures it.
    static func run(_ command: Command, errorFile: String) throws -> Measurement {
        var inFD: Int32 = -1, outFD: Int32 = -1
        var feedFD: Int32 = -1, drainFD: Int32 = -1
        switch command.input {
        case .none: inFD = try open("/dev/null", O_RDONLY)
        case .file(let path): inFD = try open(path, O_RDONLY)
        case .feed:
            (inFD, feedFD) = try makePipe()
        }
        switch command.output {
        case .discard: outFD = try open("/dev/null", O_WRONLY)
        case .drain:
            (drainFD, outFD) = try makePipe()
        }
        let child = try start(command.arguments, stdin: inFD, stdout: outFD, errorFile: errorFile)
        close(inFD)
        close(outFD)
        if case .feed(let bytes) = command.input { feed(feedFD, bytes: bytes) }
        if drainFD >= 0 { drain(drainFD) }
        return wait(child)
    }

    /// Starts `arguments` with the given descriptors as its standard input and output; standard
    /// error goes to `errorFile`.
    static func start(_ arguments: [String], stdin: Int32, stdout: Int32, errorFile: String) throws -> Child {
        let errFD = try open(errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(errFD) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, errFD, 2)
        // The harness ignores SIGPIPE; its children must not inherit that.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let started = now()
        let code = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard code == 0 else { throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(code)))") }
        return Child(pid: pid, started: started, errorFile: errorFile)
    }

    /// Starts `arguments` with `text` as its whole standard input (small: it fits in the pipe)
    /// and standard output discarded; the caller waits.
    static func start(_ arguments: [String], text: String, errorFile: String) throws -> Child {
        let ends = try makePipe()
        let null = try open("/dev/null", O_WRONLY)
        defer { close(null) }
        let child: Child
        do {
            child = try start(arguments, stdin: ends.read, stdout: null, errorFile: errorFile)
        } catch {
            close(ends.read); close(ends.write)
            throw error
        }
        close(ends.read)
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(ends.write, $0.baseAddress, $0.count) }
        close(ends.write)
        return child
    }

    /// Waits for `child`, then returns its time and status.
    static func wait(_ child: Child) -> Measurement {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child.pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let ended = now()
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let text = exit == 0 ? "" : firstLines(of: child.errorFile)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return Measurement(seconds: ended - child.started, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                           status: exit, errorText: text)
    }

    /// A pipe whose ends are closed on exec (the child gets its end through dup2 only).
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw BenchError("pipe: \(errnoText())") }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    private static func feed(_ fd: Int32, bytes: Int) {
        var left = bytes
        pattern.withUnsafeBytes { chunk in
            while left > 0 {
                let n = write(fd, chunk.baseAddress, min(left, chunk.count))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }  // the reader stopped early; its status will say why
                left -= n
            }
        }
        close(fd)
    }

    private static func drain(_ fd: Int32) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, 1 << 20)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
        }
        close(fd)
    }

    private static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) throws -> Int32 {
        let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
        if fd < 0 { throw BenchError("cannot open \(path): \(errnoText())") }
        return fd
    }

    private static func firstLines(of path: String) -> String {
        guard let text = try? readText(path) else { return "" }
        return String(text.split(separator: "\n").prefix(3).joined(separator: " / ").prefix(300))
    }
}

/// A failure of the harness itself (not of a measured process).
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func errnoText() -> String { String(cString: strerror(errno)) }

/// A line on standard error (the harness's progress and failures).
func printError(_ text: String) {
    var line = Array((text + "\n").utf8)
    _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
