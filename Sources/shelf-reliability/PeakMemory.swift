import Foundation
import ShelfTestSupport

/// Peak memory of one shelf process, measured by /usr/bin/time (`%M`, the child's own ru_maxrss
/// read by its parent). The harness's own figure is wrong for this: a child spawned with
/// posix_spawn (vfork) may report the harness's resident pages as its peak (battery findings).
extension ShelfBinary {
    static let timeProgram = "/usr/bin/time"

    /// Runs shelf under `/usr/bin/time -f %M`; `maxResidentKB` is then the child's own peak, and a
    /// signal that ended it is reported as `signal` (time(1) itself exits with 128 + the signal).
    /// Without /usr/bin/time, an ordinary run (`measuredMemory` false; `maxResidentKB` the harness's figure).
    func runMeasured(_ arguments: [String], in sandbox: Sandbox, input: ChildInput = .none,
                     environment extra: [String: String] = [:], timeout: Double = 120) throws -> (result: ChildResult, measuredMemory: Bool) {
        guard access(ShelfBinary.timeProgram, X_OK) == 0 else {
            return (try run(arguments, in: sandbox, input: input, environment: extra, timeout: timeout), false)
        }
        let report = sandbox.path("peak-\(UInt64.random(in: 0...UInt64.max))")
        defer { unlink(report) }
        var result = try start(rawArguments: arguments.map { Array($0.utf8) }, in: sandbox, input: input, environment: extra,
                               program: [ShelfBinary.timeProgram, "-f", "%M", "-o", report, path]).wait(timeout: timeout)
        let lines = String(decoding: Sandbox.readFile(report) ?? [], as: UTF8.self).split(separator: "\n")
        for line in lines where line.contains("terminated by signal") {
            result.signal = line.split(separator: " ").last.flatMap { Int32($0) }
        }
        result.maxResidentKB = lines.last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        return (result, true)
    }
}
