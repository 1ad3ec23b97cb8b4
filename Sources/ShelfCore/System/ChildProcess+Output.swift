/// A program's standard output as the input of a write (`save --from-command`, `update`): its end
/// is reached only when the program has exited 0, so a writer that stops at the end of its input
/// commits only what a successful program produced.
package struct CommandOutput: ByteSource {
    let pipe: FileDescriptor
    let child: ChildProcess
    /// The program's name, for messages.
    package let name: String
    /// How the program ended, once the end of its output was reached.
    package private(set) var termination: ChildProcess.Termination?

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n: Int
        do {
            n = try pipe.read(into: buffer)
        } catch let error as ShelfError {
            throw ShelfError.inputFailed(path: name, reason: error.failureReason)
        }
        if n > 0 { return n }
        let end = child.wait()
        termination = end
        guard end.succeeded else { throw CommandFailed(command: name, termination: end) }
        return 0
    }
}

/// The program whose output was to be written failed: nothing was written.
package struct CommandFailed: Error, Equatable {
    package let command: String
    package let termination: ChildProcess.Termination

    package init(command: String, termination: ChildProcess.Termination) {
        self.command = command
        self.termination = termination
    }
}

extension ChildProcess {
    /// Runs `arguments` with its standard output into a pipe that `body` reads (`CommandOutput`).
    /// If `body` stops before the end (refused input, a full disk), the pipe is closed first (the
    /// program then gets SIGPIPE or EPIPE at its next write) and the program is waited for, so
    /// none is left behind; `body`'s error is the one thrown.
    /// - Throws: `StartFailure`, `CommandFailed`, and whatever `body` throws.
    package static func withOutput<R>(of arguments: [[UInt8]], environment: [[UInt8]], stdin: Int32, stderr: Int32,
                                      _ body: (inout CommandOutput) throws -> R) throws -> R {
        let ends = try pipe()
        var output: CommandOutput?
        defer {
            ends.read.close()
            if let output, output.termination == nil { _ = output.child.wait() }
        }
        do {
            defer { ends.write.close() }
            let child = try start(arguments, environment: environment, stdin: stdin, stdout: ends.write.raw, stderr: stderr)
            output = CommandOutput(pipe: ends.read, child: child, name: String(decoding: arguments[0], as: UTF8.self))
        }
        return try body(&output!)
    }
}
