import ShelfCore

/// Running a program whose standard output becomes a stored file (`save --from-command`, `update`):
/// what it inherits, and how its failure becomes shelf's exit status, as a shell would report it.
enum ProgramRun {
    /// Runs `program` with `stdin` as its standard input, shelf's standard error as its own, and
    /// the command's environment plus `extra`; `body` reads its output (which ends only if it
    /// exited 0). Messages already buffered for standard error are written first, so the
    /// program's own come after them.
    static func withOutput<R>(_ program: [Argument], _ context: Context, stdin: Int32, extra: [String: String] = [:],
                              _ body: (inout CommandOutput) throws -> R) throws -> R {
        context.stderr.flush()
        let environment = context.environment.variables.merging(extra) { _, new in new }.sorted { $0.key < $1.key }
            .map { Array($0.key.utf8) + [UInt8(ascii: "=")] + Array($0.value.utf8) }
        return try ChildProcess.withOutput(of: program.map(\.bytes), environment: environment, stdin: stdin,
                                           stderr: context.stderr.descriptor, body)
    }

    /// The exit status for a program that failed or could not start, after saying so on standard
    /// error (`stored` was left unchanged); nil for any other error, which the caller reports.
    static func status(for error: any Error, _ context: Context, _ stored: StoredPath) -> Int32? {
        let name = "shelf: \(context.command)"
        let kept = "\(stored.directory.name) \(stored.path.description) is unchanged"
        func shown(_ text: String) -> String { EscapedText.text(Array(text.utf8)) }
        switch error {
        case let failed as CommandFailed:
            switch failed.termination {
            case .exited(let code):
                context.stderr.line("\(name): '\(shown(failed.command))' exited with status \(code); \(kept)")
            case .killed(let signal):
                context.stderr.line("\(name): '\(shown(failed.command))' was killed by signal \(signal); \(kept)")
            }
            return failed.termination.shellStatus
        case ChildProcess.StartFailure.notFound(let program):
            context.stderr.line("\(name): command not found: \(shown(program)); \(kept)")
            return 127
        case ChildProcess.StartFailure.notExecutable(let program):
            context.stderr.line("\(name): cannot run \(shown(program)): not an executable file; \(kept)")
            return 126
        default:
            return nil
        }
    }
}
