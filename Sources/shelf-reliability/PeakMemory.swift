import Foundation
import Glibc

/// Peak memory of one shelf run, measured by GNU time(1) (`/usr/bin/time -f %M`) around it: the
/// harness's own ru_maxrss for a child includes the harness when it is large (the child starts as
/// a copy of it), so a bound on shelf's memory is checked this way.
enum PeakMemory {
    static let time = "/usr/bin/time"
    static var available: Bool { access(time, X_OK) == 0 }

    /// Runs shelf under time(1); the result's `maxResidentKB` is shelf's own peak (0 when time(1)
    /// is missing, and then the harness's measure is kept).
    static func run(_ battery: Battery, _ arguments: [String], in sandbox: Sandbox, input: ChildInput = .none,
                    environment extra: [String: String] = [:], timeout: Double = 300) throws -> ChildResult {
        guard available else { return try battery.shelf.run(arguments, in: sandbox, input: input, environment: extra, timeout: timeout) }
        let output = sandbox.path("peak-memory.txt")
        let argv = [time, "-f", "%M", "-o", output, battery.shelf.path] + arguments
        let child = try Child(argv.map { Array($0.utf8) }, environment: sandbox.environment.merging(battery.shelf.environment) { $1 }.merging(extra) { $1 },
                              input: input)
        var result = child.wait(timeout: timeout)
        let text = String(decoding: Sandbox.readFile(output) ?? [], as: UTF8.self)
        // time(1) writes "Command exited with non-zero status N" before the number when shelf fails.
        result.maxResidentKB = text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        unlink(output)
        return result
    }
}
