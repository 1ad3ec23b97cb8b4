import Foundation
import Testing

/// Runs the built `shelf` binary (`BuiltBinary.path`) in a test home, as a separate process:
/// for crash tests (the process kills itself) and for tests with several processes at once.
struct ShelfProcess {
    struct Outcome {
        let status: Int32
        /// Ended by a signal (the crash points use SIGKILL) rather than by exiting.
        let killed: Bool
        let stdout: String
        let stderr: String
    }

    let home: TestHome

    /// With a crash point in `extra`, on a binary built without them (the release build), the
    /// calling test is cancelled: that binary would finish the command instead of dying.
    func run(_ arguments: [String], stdin: String = "", environment extra: [String: String] = [:]) throws -> Outcome {
        if extra[CrashPointBuildTests.variable] != nil && !BuiltBinary.honoursCrashPoints {
            try Test.cancel("\(BuiltBinary.path) is built without crash points (a release build)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltBinary.path)
        process.arguments = arguments
        process.environment = home.environment.merging(extra) { $1 }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The input is small: the pipe buffer takes it before the child reads.
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
                       stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
