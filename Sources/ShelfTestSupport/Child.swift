import Foundation

/// A running child: spawned with posix_spawn, standard output and error captured in unlinked
/// temp files (not pipes, so a chatty child cannot block on a full pipe; the bench, which reads
/// or discards the output, asks for a pipe or /dev/null instead). Limits are set
/// around the spawn in this process, so they are for single-threaded callers (the battery);
/// without limits it is safe from the tests' many threads.
public final class Child {
    public let pid: pid_t
    public private(set) var inputWriter: Int32 = -1
    /// The read end of a `.pipe` output, -1 otherwise; the child closes it.
    public let outputReader: Int32
    private let outFile: Int32
    private let errFile: Int32
    private let started: Double
    private var result: ChildResult?

    /// - Parameters:
    ///   - rawEnvironment: `NAME=value` entries of any bytes but NUL (values that are not UTF-8),
    ///     replacing the same names in `environment`.
    ///   - directory: the child's working folder; default this process's.
    ///   - closingOthers: close every descriptor above 2 in the child, as Foundation's `Process`
    ///     does: the tests' other threads open pipes and files without close-on-exec, which a
    ///     child must not hold open (a reader would wait for its end of file).
    public init(_ argv: [[UInt8]], environment: [String: String], rawEnvironment: [[UInt8]] = [], input: ChildInput,
                output: ChildOutput = .capture, limits: ChildLimits = ChildLimits(), directory: String? = nil,
                closingOthers: Bool = false) throws {
        let outputWriter: Int32
        switch output {
        case .capture: (outFile, outputWriter, outputReader) = (try Child.scratchFile(), -1, -1)
        case .discard: (outFile, outputWriter, outputReader) = (-1, open("/dev/null", O_WRONLY | O_CLOEXEC), -1)
        case .pipe:
            let ends = try Child.pipeEnds()
            (outFile, outputWriter, outputReader) = (-1, ends.write, ends.read)
        }
        defer { if outputWriter >= 0 { close(outputWriter) } }
        errFile = try Child.scratchFile()
        var inputFD: Int32 = -1
        switch input {
        case .none:
            inputFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        case .bytes(let bytes):
            inputFD = try Child.scratchFile(holding: bytes)
        case .pipe:
            (inputFD, inputWriter) = try Child.pipeEnds()
        case .descriptor(let fd):
            inputFD = fcntl(fd, F_DUPFD_CLOEXEC, 0)  // a copy, closed below as the others are
        }
        defer { close(inputFD) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputFD, 0)
        posix_spawn_file_actions_adddup2(&actions, outFile >= 0 ? outFile : outputWriter, 1)
        posix_spawn_file_actions_adddup2(&actions, errFile, 2)
        if closingOthers { _ = Child.libc("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)?(&actions, 3) }
        if let directory, Child.libc("posix_spawn_file_actions_addchdir_np", as: AddChdir.self)?(&actions, directory) != 0 {
            [inputWriter, outputReader, outFile, errFile].filter { $0 >= 0 }.forEach { close($0) }
            throw HarnessError("cannot start in \(directory)")
        }

        // Signals back to their defaults (an ignored SIGPIPE would be inherited), none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        if limits.ignoreFileSizeSignal { sigdelset(&defaults, SIGXFSZ) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        // The harness is single-threaded: what it sets around the spawn is what the child inherits.
        let oldMask = limits.umask.map { umask($0) }
        // RLIMIT_* as the type setrlimit wants (an enum on glibc, an Int32 elsewhere).
        let asked = [(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), limits.fileSizeBytes),
                     (__rlimit_resource_t(RLIMIT_NOFILE.rawValue), limits.openFiles)]
        let oldLimits = asked.compactMap { resource, value in
            value.map { value -> (__rlimit_resource_t, rlimit) in
                var old = rlimit()
                getrlimit(resource, &old)
                var limit = rlimit(rlim_cur: rlim_t(value), rlim_max: old.rlim_max)
                setrlimit(resource, &limit)
                return (resource, old)
            }
        }
        let oldHandler = limits.ignoreFileSizeSignal ? signal(SIGXFSZ, SIG_IGN) : nil
        defer {
            if let oldMask { umask(oldMask) }
            for (resource, var old) in oldLimits { setrlimit(resource, &old) }
            if limits.ignoreFileSizeSignal { signal(SIGXFSZ, oldHandler) }
        }

        let cArgs = argv.map { Child.cString($0) }
        let rawNames = Set(rawEnvironment.map { Array($0.prefix { $0 != UInt8(ascii: "=") }) })
        let cEnv = environment.sorted { $0.key < $1.key }.filter { !rawNames.contains(Array($0.key.utf8)) }
            .map { Child.cString(Array("\($0.key)=\($0.value)".utf8)) } + rawEnvironment.map(Child.cString)
        defer { (cArgs + cEnv).forEach { free($0) } }
        var argvPointers = cArgs.map { Optional($0) } + [nil]
        var envPointers = cEnv.map { Optional($0) } + [nil]
        var child: pid_t = 0
        started = Child.now()
        let code = posix_spawn(&child, cArgs[0], &actions, &attributes, &argvPointers, &envPointers)
        guard code == 0 else {
            [inputWriter, outputReader, outFile, errFile].filter { $0 >= 0 }.forEach { close($0) }
            throw HarnessError("cannot start \(String(decoding: argv[0], as: UTF8.self)): \(String(cString: strerror(code)))")
        }
        pid = child
    }

    deinit {
        if result == nil {
            Glibc.kill(pid, SIGKILL)
            _ = wait()
        }
        [inputWriter, outputReader, outFile, errFile].filter { $0 >= 0 }.forEach { close($0) }
    }

    /// Writes to the child's stdin pipe; false once the child has stopped reading.
    @discardableResult
    public func writeInput(_ bytes: [UInt8]) -> Bool {
        guard inputWriter >= 0 else { return false }
        return (try? Child.writeAll(inputWriter, bytes)) != nil
    }

    public func closeInput() {
        if inputWriter >= 0 { close(inputWriter) }
        inputWriter = -1
    }

    public func kill(_ signal: Int32 = SIGKILL) { _ = Glibc.kill(pid, signal) }

    /// Whether it has ended, without waiting (reaps it if so).
    public func hasEnded() -> Bool { result != nil || reap(flags: WNOHANG) }

    /// Waits for the child in `wait4` itself, with no timeout: no pause between its exit and the
    /// notice, for the bench's timings.
    public func waitBlocking() -> ChildResult {
        closeInput()
        if result == nil { _ = reap(flags: 0) }
        return result!
    }

    /// Waits for the child; after `timeout` seconds it is killed and marked timed out.
    public func wait(timeout: Double = 120) -> ChildResult {
        closeInput()
        let deadline = Date().addingTimeInterval(timeout)
        var pause: UInt32 = 50
        while !hasEnded() {
            if Date() > deadline {
                kill()
                _ = reap(flags: 0)
                result?.timedOut = true
                break
            }
            usleep(pause)  // polling waitpid; the pause only bounds how late we notice the exit
            pause = min(pause * 2, 2000)
        }
        return result!
    }

    private func reap(flags: Int32) -> Bool {
        var status: Int32 = 0
        var usage = rusage()
        var got: pid_t
        repeat { got = wait4(pid, &status, flags, &usage) } while got < 0 && errno == EINTR
        guard got == pid else { return false }
        var r = ChildResult()
        r.seconds = Child.now() - started
        r.pid = pid
        let termination = status & 0x7f
        if termination == 0 { r.status = (status >> 8) & 0xff } else { r.signal = termination }
        r.maxResidentKB = usage.ru_maxrss
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        r.cpuSeconds = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        r.stdout = outFile >= 0 ? Child.contents(outFile) : []
        r.stderr = Child.contents(errFile)
        result = r
        return true
    }

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// A function of the loaded C library that Swift's Glibc module does not declare (the `_np`
    /// spawn actions of glibc 2.29 and 2.34, the pty calls); nil when this C library lacks it.
    public static func libc<F>(_ name: String, as type: F.Type) -> F? {
        dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }

    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
        let p = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
        p[bytes.count] = 0
        return p
    }
}

/// A failure of a test tool itself (not a finding about shelf).
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
