import ShelfCore

/// The command line as a function: the executable's main only calls `run` and exits.
public enum CLI {
    public static let version = "0.1.0"

    /// Runs one invocation; never calls exit(). Returns the process status.
    /// - Parameters:
    ///   - arguments: the words after the program name.
    ///   - environment: the variables to resolve directories from.
    ///   - stdin, stdout, stderr: descriptors to read data from, write data to, write messages to.
    public static func run(arguments: [String], environment: [String: String],
                           stdin: Int32 = 0, stdout: Int32 = 1, stderr: Int32 = 2) -> Int32 {
        run(arguments: arguments.map(Argument.init), environment: Environment(variables: environment), stdin: stdin, stdout: stdout,
            stderr: stderr, clock: MonotonicClock.now)
    }

    /// `run` with the words as bytes, exactly as a process receives them, and an environment that
    /// may hold variables that are not UTF-8 (`Environment.invalid`).
    package static func run(argumentBytes: [[UInt8]], environment: Environment,
                            stdin: Int32 = 0, stdout: Int32 = 1, stderr: Int32 = 2) -> Int32 {
        run(arguments: argumentBytes.map(Argument.init(bytes:)), environment: environment, stdin: stdin, stdout: stdout,
            stderr: stderr, clock: MonotonicClock.now)
    }

    /// The executable's whole run: the signal handler armed (`Interruption`: a signal that
    /// ends shelf leaves the old content and no temporary file), the standard descriptors made
    /// safe (a closed one would be the number of the first file opened), then the arguments and
    /// environment as the process received them. A closed standard output is unwritable: what a
    /// command prints there is lost, and the command says so as it would for any failed write.
    /// - Parameter handlersAtOnce: the handler installed now rather than before the first named
    ///   temporary entry (`Interruption`), where another handler may be waiting for the signals.
    package static func runProcess(handlersAtOnce: Bool = false) -> Int32 {
        Interruption.installHandlers(atOnce: handlersAtOnce)
        let closed = StandardDescriptors.openClosed()
        return run(arguments: Argument.processArguments(), environment: Environment.process(), stdin: 0,
                   stdout: closed.contains(.output) ? -1 : 1, stderr: closed.contains(.errors) ? -1 : 2, clock: MonotonicClock.now,
                   inputClosed: closed.contains(.input))
    }

    /// `run` with the clock that progress lines are timed by: tests pass one that jumps ahead.
    static func run(arguments: [String], environment: [String: String], stdin: Int32, stdout: Int32, stderr: Int32,
                    clock: @escaping @Sendable () -> UInt64) -> Int32 {
        run(arguments: arguments.map(Argument.init), environment: Environment(variables: environment), stdin: stdin, stdout: stdout,
            stderr: stderr, clock: clock)
    }

    /// - Parameter inputClosed: standard input was closed at start (`<&-`): commands that read
    ///   it refuse rather than take it for empty input.
    static func run(arguments: [Argument], environment: Environment, stdin: Int32, stdout: Int32, stderr: Int32,
                    clock: @escaping @Sendable () -> UInt64, inputClosed: Bool = false) -> Int32 {
        let out = Output(descriptor: stdout)
        let err = Output(descriptor: stderr, name: "<stderr>")
        let outcome = dispatch(arguments, environment: environment, stdin: stdin, inputClosed: inputClosed, out: out, err: err,
                               clock: clock)
        return finish(outcome, out: out, err: err)
    }

    /// What a run came to before its output is checked.
    private struct Outcome {
        var status: Int32
        /// The command that ran, for messages; nil for help, the version and usage errors before a command.
        var command: String? = nil
        var changedStorage = false
        /// `--json` was asked for: a failure that printed no document prints an error object.
        var json = false
    }

    private static func dispatch(_ arguments: [Argument], environment: Environment, stdin: Int32, inputClosed: Bool, out: Output,
                                 err: Output, clock: @escaping @Sendable () -> UInt64) -> Outcome {
        let parsed: ParsedCommandLine
        do {
            parsed = try ArgumentParser.parse(arguments)
        } catch let error as UsageError {
            Messages.report(error, to: err)
            // A command without --json refuses the word: its refusal is no JSON document.
            let json = FailureReport.asksForJSON(arguments) && error.command.map { $0.allOptions.contains { $0.name == "json" } } ?? true
            return Outcome(status: ExitCode.usage, command: error.command?.name, json: json)
        } catch let refused as RefusedName {
            Messages.report(refused.error, command: refused.command, to: err)
            return Outcome(status: ExitCode.status(for: refused.error, writes: refused.command.writes), command: refused.command.name,
                           json: FailureReport.asksForJSON(arguments) && refused.command.allOptions.contains { $0.name == "json" })
        } catch {
            err.line("shelf: \(error)")
            return Outcome(status: ExitCode.software)
        }
        switch parsed {
        case .help(let command):
            out.write(command.map(HelpText.command) ?? HelpText.overview)
            return Outcome(status: ExitCode.success, command: command?.name)
        case .version(let json):
            out.line(json ? JSONText.object([("name", .string("shelf")), ("version", .string(version))]) : "shelf \(version)")
            return Outcome(status: ExitCode.success)
        case .manPage:
            out.write(ManPage.render())
            return Outcome(status: ExitCode.success)
        case .run(let parsed):
            let context = Context(environment: environment, stdin: stdin, inputClosed: inputClosed,
                                  stdout: out, stderr: err, app: parsed.app, root: parsed.root, quiet: parsed.quiet, clock: clock,
                                  command: parsed.spec.name)
            let status = execute(parsed, context)
            return Outcome(status: status, command: parsed.spec.name,
                           changedStorage: status == ExitCode.success && parsed.command.changesStorage, json: parsed.json)
        }
    }

    private static func execute(_ parsed: ParsedCommand, _ context: Context) -> Int32 {
        do {
            return try parsed.command.run(context)
        } catch var error as UsageError {
            error.command = parsed.spec
            Messages.report(error, to: context.stderr)
            return ExitCode.usage
        } catch let error as ShelfError {
            Messages.report(error, command: parsed.spec, to: context.stderr)
            return ExitCode.status(for: error, writes: parsed.spec.writes)
        } catch {
            context.stderr.line("shelf: \(parsed.spec.name): \(error)")
            return ExitCode.software
        }
    }

    /// The one place output is checked: everything printed is flushed, and if any of it could
    /// not be written, the run says so and does not exit 0 (74, as for any failed write).
    private static func finish(_ outcome: Outcome, out: Output, err: Output) -> Int32 {
        // One document per run: a failure that printed none prints its error object instead.
        if outcome.json, outcome.status != ExitCode.success, !out.wroteAnything {
            out.line(FailureReport.errorObject(err.reported, command: outcome.command, status: outcome.status))
        }
        out.flush()
        var status = outcome.status
        if let failure = out.failure {
            Messages.reportLostOutput(failure, command: outcome.command, changedStorage: outcome.changedStorage, to: err)
            if status == ExitCode.success { status = ExitCode.ioError }
        }
        err.flush()
        return status
    }
}
