import Glibc

/// The program in the foreground (an editor) and the signal that asked shelf to stop while it
/// ran: read by the signal handler, which may only touch plain values.
nonisolated(unsafe) private var foregroundChild: pid_t = 0
nonisolated(unsafe) private var stopSignal: Int32 = 0

extension ChildProcess {
    /// Runs a program that owns the terminal until it ends, as `system(3)` does: shelf ignores
    /// SIGINT and SIGQUIT meanwhile (a Ctrl-C is the program's to handle), and passes SIGTERM and
    /// SIGHUP on to it, remembering them, so that the caller can clean up and then end as the
    /// signal asked. The program starts with the default action for all four.
    /// - Returns: how the program ended, and the SIGTERM or SIGHUP shelf received meanwhile.
    package static func runInForeground(_ arguments: [[UInt8]], environment: [[UInt8]], stdin: Int32, stdout: Int32,
                                        stderr: Int32) throws -> (ended: Termination, stoppedBy: Int32?) {
        stopSignal = 0
        let handler: @convention(c) (Int32) -> Void = { signal in
            stopSignal = signal
            if foregroundChild > 0 { kill(foregroundChild, signal) }
        }
        // sigaction, not signal(3): the actions replaced are put back exactly as they were (the
        // executable's handler is installed without SA_RESTART, which signal(3) would add).
        let replaced = [(SIGINT, SIG_IGN), (SIGQUIT, SIG_IGN), (SIGTERM, handler), (SIGHUP, handler)]
            .map { number, action in (number, setAction(number, action)) }
        defer {
            foregroundChild = 0
            for (number, old) in replaced { var old = old; sigaction(number, &old, nil) }
        }
        let child = try start(arguments, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr,
                              defaultSignals: [SIGINT, SIGQUIT, SIGTERM, SIGHUP])
        foregroundChild = child.id
        let ended = child.wait()
        return (ended, stopSignal == 0 ? nil : stopSignal)
    }

    /// Sets the action for `number` (signals blocked meanwhile: none, no flags); returns the one before.
    private static func setAction(_ number: Int32, _ handler: __sighandler_t?) -> sigaction {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        var old = sigaction()
        sigaction(number, &action, &old)
        return old
    }
}
