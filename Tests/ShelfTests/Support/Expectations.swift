import Testing

extension TestHome {
    /// Runs the CLI in-process and expects `status`, and each of `messages` in standard error: the
    /// three lines of most refusal checks in one. A failure is reported at the caller's line.
    @discardableResult
    func expect(_ arguments: [String], stdin: String = "", environment extra: [String: String] = [:], status: Int32,
                saying messages: String..., sourceLocation: SourceLocation = #_sourceLocation) -> CLIResult {
        run(arguments, stdin: stdin, environment: extra).check(status, messages, "\(arguments):", sourceLocation)
    }

    /// Saves each file, (directory, stored path, contents), through the CLI; each must succeed.
    func save(_ files: (directory: String, path: String, contents: String)..., sourceLocation: SourceLocation = #_sourceLocation) {
        for file in files {
            let result = run(["save", file.directory, file.path], stdin: file.contents)
            #expect(result.status == 0, "save \(file.directory) \(file.path): \(result.stderr)", sourceLocation: sourceLocation)
        }
    }
}

/// A finished run, in-process or a real process: its status and what it printed.
protocol RunResult {
    var status: Int32 { get }
    var stdout: String { get }
    var stderr: String { get }
}

extension CLIResult: RunResult {}
extension Subprocess.Result: RunResult {}

extension RunResult {
    /// Expects `status`, and each of `messages` in standard error, of a run already made: the
    /// lines that follow most `home.sh` and `asNobody` runs in one; `context` (the case) goes with
    /// a failure, reported at the caller's line.
    @discardableResult
    func expect(status expected: Int32, saying messages: String..., about context: String = "",
                sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        check(expected, messages, context, sourceLocation)
    }

    /// Both `expect`s: the status, then each message in standard error.
    fileprivate func check(_ expected: Int32, _ messages: [String], _ context: String, _ sourceLocation: SourceLocation) -> Self {
        #expect(status == expected, "\(context) \(stdout)\(stderr)", sourceLocation: sourceLocation)
        for message in messages { #expect(stderr.contains(message), "\(context) \(stderr)", sourceLocation: sourceLocation) }
        return self
    }
}
