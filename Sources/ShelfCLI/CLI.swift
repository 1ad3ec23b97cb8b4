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

    /// The executable's whole run: the signal handler installed (`Interruption`: a signal that
    /// ends shelf leaves the old content and no temporary file), the standard descriptors made
    /// safe (a closed one would be the number of the first file opened), then the arguments and
    /// environment as the process received them. A closed standard output is unwritable: what a
    /// command prints there is lost, and the command says so as it would for any failed write.
    package static func runProcess() -> Int32 {
        Interruption.installHandlers()
        let closed = StandardDescriptors.openClosed()
        return run(arguments: Argument.processArguments(), environment: Environment.process(), stdin: 0,
                   stdout: closed.contains(.output) ? -1 : 1, stderr: closed.contains(.errors) ? -1 : 2, clock: MonotonicClock.now)
    }

    /// `run` with the clock that progress lines are timed by: tests pass one that jumps ahead.
    static func run(arguments: [String], environment: [String: String], stdin: Int32, stdout: Int32, stderr: Int32,
                    clock: @escaping @Sendable () -> UInt64) -> Int32 {
        run(arguments: arguments.map(Argument.init), environment: Environment(variables: environment), stdin: stdin, stdout: stdout,
            stderr: stderr, clock: clock)
    }

    static func run(arguments: [Argument], environment: Environment, stdin: Int32, stdout: Int32, stderr: Int32,
                    clock: @escaping @Sendable () -> UInt64) -> Int32 {
        let out = Output(descriptor: stdout)
        let err = Output(descriptor: stderr)
        defer {
            out.flush()
            err.flush()
        }
        let parsed: ParsedCommandLine
        do {
            parsed = try ArgumentParser.parse(arguments)
        } catch let error as UsageError {
            report(error, to: err)
            return ExitCode.usage
        } catch {
            err.line("shelf: \(error)")
            return ExitCode.software
        }
        switch parsed {
        case .help(let command):
            out.write(command.map(HelpText.command) ?? HelpText.overview)
            return ExitCode.success
        case .version(let json):
            out.line(json ? JSONText.object([("name", .string("shelf")), ("version", .string(version))]) : "shelf \(version)")
            return ExitCode.success
        case .manPage:
            out.write(ManPage.render())
            return ExitCode.success
        case .run(let invocation, let app):
            let context = Context(environment: environment.variables, invalidEnvironment: environment.invalid, stdin: stdin,
                                  stdout: out, stderr: err, app: app, quiet: invocation.flag("quiet"), clock: clock)
            return execute(invocation, context)
        }
    }

    private static func execute(_ invocation: Invocation, _ context: Context) -> Int32 {
        let command = invocation.command
        do {
            return try command.run(invocation, context)
        } catch let error as UsageError {
            report(error, to: context.stderr)
            return ExitCode.usage
        } catch let error as ShelfError {
            context.stderr.line("shelf: \(command.name): \(printable(error.description))")
            context.stderr.line("shelf: \(command.name): \(printable(suggestion(for: error, in: command)))")
            return ExitCode.status(for: error, writes: command.writes)
        } catch {
            context.stderr.line("shelf: \(command.name): \(error)")
            return ExitCode.software
        }
    }

    /// The library's suggestion, plus the flag that helps where this command has one. Only `save`
    /// gets `--raw` offered for bad JSON: an unchecked append would break the stored array.
    private static func suggestion(for error: ShelfError, in command: CommandSpec) -> String {
        if case .invalidJSON = error, command.name == "save" {
            return error.recoverySuggestion.dropLast() + ", or pass --raw to store it unchecked."
        }
        return error.recoverySuggestion
    }

    private static func report(_ error: UsageError, to err: Output) {
        let prefix = error.command.map { "shelf: \($0.name): " } ?? "shelf: "
        // The message quotes the user's words, which may hold newlines or escape sequences.
        err.line(prefix + printable(error.message))
        if let command = error.command {
            err.line("usage: \(command.synopsis)")
            err.line("Run 'shelf \(command.name) --help' for more.")
        } else {
            err.line("usage: shelf [--app NAME] <command> [<arguments>] [options]")
            err.line("Run 'shelf help' for the list of commands.")
        }
    }
}
