import ShelfCore

/// Running a program whose standard output becomes a stored file (`save --from-command`, `update`):
/// what it inherits, and how its failure is reported: shelf's own statuses (125 failed, 126
/// cannot run, 127 not found, as timeout(1) keeps them), the program's status in the message and
/// in `--json`, and the bytes it printed named as the program's when they are not JSON.
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

    /// The exit status for a program that failed, could not start, or printed what the file may
    /// not hold, after saying so on standard error (`stored` was left unchanged); nil for any
    /// other error, which the caller reports.
    static func status(for error: any Error, _ context: Context, _ stored: StoredPath, program: [Argument]) -> Int32? {
        let kept = "\(stored.directory.name) \(stored.path.description) is unchanged"
        let shown = program.map(\.description).joined(separator: " ")
        switch error {
        case let failed as CommandFailed:
            let how: String
            switch failed.termination {
            case .exited(let code): how = "exited with status \(code)"
            case .killed(let signal): how = "was killed by signal \(signal)"
            }
            report("'\(shown)' \(how); \(kept)",
                   hint: "Its own messages, if any, are above; shelf exits \(ExitCode.programFailed) whenever the program fails.",
                   failed.termination, program: shown, context)
            return ExitCode.programFailed
        case ChildProcess.StartFailure.notFound(let name):
            report("command not found: \(EscapedText.text(Array(name.utf8))); \(kept)",
                   hint: "Check the program's name, or give its path; PATH is searched for a name without '/'.", nil, program: shown, context)
            return ExitCode.programNotFound
        case ChildProcess.StartFailure.notExecutable(let name):
            report("cannot run \(EscapedText.text(Array(name.utf8))): not an executable file; \(kept)",
                   hint: "Make it executable (chmod +x), or run it through its interpreter (-- sh script.sh).", nil, program: shown, context)
            return ExitCode.programCannotRun
        case let invalid as ShelfError:
            // The stored file is fine: what is not JSON is what the program printed.
            guard case .invalidJSON(_, let line, let column, let reason) = invalid, !invalid.blamesStoredFile else { return nil }
            report("the output of '\(shown)' is not valid JSON: line \(line), column \(column): \(reason); \(kept)",
                   hint: "Make the program print one JSON text, or pass --raw to store its output unchecked.", nil, program: shown, context)
            return ExitCode.dataError
        default:
            return nil
        }
    }

    /// The two lines, and for `--json` the `program` member: its words, and how it ended (null
    /// when it did not run, or exited 0 having printed something else than JSON).
    private static func report(_ message: String, hint: String, _ ended: ChildProcess.Termination?, program: String, _ context: Context) {
        FailureReport.report(message, hint: hint, command: context.command, details: [("program", programMember(program, ended))],
                             to: context.stderr)
    }

    /// `{"command":…,"exitStatus":N|null,"signal":N|null}`.
    static func programMember(_ program: String, _ ended: ChildProcess.Termination?) -> JSONText.Value {
        var exitStatus: JSONText.Value = .null, signal: JSONText.Value = .null
        switch ended {
        case .exited(let code): exitStatus = .integer(Int64(code))
        case .killed(let number): signal = .integer(Int64(number))
        case nil: break
        }
        return .object([("command", .string(program)), ("exitStatus", exitStatus), ("signal", signal)])
    }
}
