import ShelfCore
import Glibc

/// What a command runs with: the environment and the three standard streams.
struct Context {
    let environment: [String: String]
    let stdin: Int32
    let stdout: Output
    let stderr: Output
    /// `--app` as given; nil falls back to `SHELF_APP`, then `shelf`.
    let app: String?
    /// `--quiet`: nothing on standard error but errors.
    var quiet = false
    /// What progress lines are timed by (nanoseconds, monotonic).
    var clock: @Sendable () -> UInt64 = MonotonicClock.now

    func store() throws -> Store {
        try Store(app: app, environment: environment)
    }

    /// A message for a person at a terminal that is not an error (a prompt, a hint); --quiet drops it.
    func notice(_ text: String) {
        guard !quiet else { return }
        stderr.line(text)
        stderr.flush()
    }

    /// Whether a progress line may be drawn: standard error is a terminal that can move the
    /// cursor, and --quiet was not given.
    var showsProgress: Bool {
        !quiet && stderr.isTerminal && environment["TERM"] != "dumb"
    }

    /// Runs long work with a progress line on standard error (see `ProgressLine`); the library's
    /// reports (`WorkProgress`) feed it, and `body` may feed it too. The line is erased afterwards.
    func withProgress<T>(_ invocation: Invocation, unit: ProgressLine.Unit = .bytes,
                         _ body: (ProgressLine) throws -> T) throws -> T {
        let line = ProgressLine(label: invocation.command.name, unit: unit, enabled: showsProgress, output: stderr, clock: clock)
        defer { line.finish() }
        guard line.enabled else { return try body(line) }
        return try WorkProgress.observing({ line.take($0) }) { try body(line) }
    }

    /// The input of save and append: `--file SRC` when given, else standard input.
    /// The closure gets a source; a file it opened is closed afterwards.
    func withInput<T>(_ invocation: Invocation, _ body: (inout DescriptorSource) throws -> T) throws -> T {
        guard let file = invocation.value("file") else {
            if stdin >= 0, isatty(stdin) == 1 {
                notice("shelf: \(invocation.command.name): reading standard input; end it with Ctrl-D")
            }
            var source = DescriptorSource(descriptor: stdin, name: "<stdin>")
            return try body(&source)
        }
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            throw code == ENOENT ? ShelfError.notFound(path: file) : code == EACCES ? ShelfError.permissionDenied(path: file)
                : ShelfError.inputFailed(path: file, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var source = DescriptorSource(descriptor: fd, name: file)
        return try body(&source)
    }

    /// The size of the input when it is a regular file (`--file`, or standard input redirected
    /// from a file): the total of a progress line.
    func inputSize(_ invocation: Invocation) -> Int64? {
        var st = stat()
        let found = invocation.value("file").map { stat($0, &st) } ?? fstat(stdin, &st)
        return found == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Int64(st.st_size) : nil
    }
}
