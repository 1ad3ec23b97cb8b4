import CShelfLinux
import Glibc

/// A program shelf runs for `save --from-command` and `update`: started with `posix_spawn`, its
/// standard streams given as descriptors, waited for once. Kept in the system layer with the file
/// calls, so that nothing else imports the C library.
package struct ChildProcess: Sendable {
    /// How a child ended, as a shell reports it.
    package enum Termination: Sendable, Equatable {
        case exited(Int32)
        case killed(signal: Int32)

        /// The status a shell gives: the exit status, or 128 + the signal's number.
        package var shellStatus: Int32 {
            switch self {
            case .exited(let code): return code
            case .killed(let signal): return 128 + signal
            }
        }

        package var succeeded: Bool { self == .exited(0) }
    }

    /// Why a program could not be started: a shell answers 127 and 126.
    package enum StartFailure: Error, Equatable {
        case notFound(String)
        case notExecutable(String)
    }

    package let id: Int32

    /// Starts `arguments[0]` (searched in `PATH` of `environment` when it holds no `/`, as `execvp`
    /// does) with `arguments` and exactly `environment`. `stdin`, `stdout` and `stderr` become its
    /// descriptors 0, 1 and 2; every other descriptor shelf opened is close-on-exec and stays out.
    /// `defaultSignals` start with their default action in the child even where shelf ignores them.
    package static func start(_ arguments: [[UInt8]], environment: [[UInt8]], stdin: Int32, stdout: Int32,
                              stderr: Int32, defaultSignals: [Int32] = []) throws -> ChildProcess {
        precondition(!arguments.isEmpty, "a command needs a name")
        let program = try resolve(arguments[0], searchPath: searchPath(in: environment))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 onto itself would keep close-on-exec set; the standard descriptors never have it.
        for (from, to) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] where from != to && from >= 0 {
            posix_spawn_file_actions_adddup2(&actions, from, to)
        }
        // No signal blocked, whatever the starting thread blocks: a program that could not be
        // stopped by SIGTERM, or never saw SIGCHLD, would not behave as in a shell. Ignored signals
        // stay ignored (`nohup` relies on it), as a shell leaves them.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = withCStrings([program] + arguments.dropFirst()) { argv in
            withCStrings(environment) { envp in posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, envp) }
        }
        guard status == 0 else {
            if status == ENOENT { throw StartFailure.notFound(String(decoding: arguments[0], as: UTF8.self)) }
            throw StartFailure.notExecutable(String(decoding: arguments[0], as: UTF8.self))
        }
        return ChildProcess(id: pid)
    }

    /// Waits for the child to end (retrying EINTR) and says how it ended. A terminating signal
    /// that shelf received while its effect was deferred (`Interruption`: a named temporary entry
    /// exists) is passed on to the child, once, so that shelf is not kept waiting for a program
    /// that would go on without it: shelf then cleans up and ends by that signal.
    package func wait() -> Termination {
        var status: Int32 = 0
        var passedOn = false
        func passOn() {
            let pending = shelf_pending_signal()  // the first one received while deferred, or 0
            guard pending != 0 && !passedOn else { return }
            kill(id, pending)
            passedOn = true
        }
        passOn()
        while waitpid(id, &status, 0) < 0 {
            guard lastErrno() == .interrupted else { return .killed(signal: SIGKILL) }
            passOn()
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signal)
    }

    /// A pipe whose ends are both close-on-exec: the child gets one end through `start`, and no
    /// other program shelf starts keeps it open (which would hide the end of the output).
    package static func pipe() throws -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [Int32] = [0, 0]
        guard shelf_pipe_cloexec(&ends) == 0 else { throw ShelfError.system(lastErrno(), path: "<pipe>", operation: .pipe) }
        return (FileDescriptor(raw: ends[0], path: "<command output>"), FileDescriptor(raw: ends[1], path: "<command output>"))
    }

    /// Whether `name` would start: the file `start` would run, searched in `PATH` of
    /// `environment` as there. `edit` looks for a fallback editor this way (`editor`, nano, vi).
    package static func isRunnable(_ name: String, environment: [[UInt8]]) -> Bool {
        (try? resolve(Array(name.utf8), searchPath: searchPath(in: environment))) != nil
    }

    /// `PATH` from the child's environment, or the shell's default.
    private static func searchPath(in environment: [[UInt8]]) -> [UInt8] {
        let prefix = Array("PATH=".utf8)
        guard let entry = environment.last(where: { $0.starts(with: prefix) }) else { return Array("/usr/local/bin:/usr/bin:/bin".utf8) }
        return Array(entry.dropFirst(prefix.count))
    }

    /// The file `execvp` would run: a name with `/` as it is; else the first executable regular
    /// file of that name in `path` (an empty entry is the current folder).
    private static func resolve(_ name: [UInt8], searchPath path: [UInt8]) throws -> [UInt8] {
        let text = String(decoding: name, as: UTF8.self)
        if name.isEmpty { throw StartFailure.notFound(text) }
        if name.contains(UInt8(ascii: "/")) { return name }
        var sawUnexecutable = false
        for folder in path.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? Array(".".utf8) : Array(folder)) + [UInt8(ascii: "/")] + name
            guard let st = try? kernel.status(of: SystemString(bytes: candidate), in: nil, followingLinks: true),
                  st.isRegularFile else { continue }
            do {
                try kernel.checkAccess(SystemString(bytes: candidate), in: nil, .search)
                return candidate
            } catch {
                sawUnexecutable = true
            }
        }
        throw sawUnexecutable ? StartFailure.notExecutable(text) : StartFailure.notFound(text)
    }

    /// Calls `body` with a NULL-terminated array of C strings made of `words`.
    private static func withCStrings<R>(_ words: [[UInt8]], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers: [UnsafeMutablePointer<CChar>?] = words.map { word in
            let p = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
            for (i, byte) in word.enumerated() { p[i] = CChar(bitPattern: byte) }
            p[word.count] = 0
            return p
        } + [nil]
        defer { pointers.forEach { $0?.deallocate() } }
        return body(pointers)
    }
}
