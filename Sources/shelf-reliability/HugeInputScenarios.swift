import Foundation
import ShelfTestSupport

/// A JSON string of 2 GB (256 MB in the quick run) streamed through a pipe: shelf must stream it
/// in fixed buffers, so its peak memory stays the same as for a small input.
enum HugeInputScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("hostile JSON: huge string on stdin", checked: "a 2 GB JSON string (256 MB quick) via save and append, and a 64 MB one with a bad byte at the end: right status, flat memory, no temp left", sandbox: "huge") { report, sandbox in
            let size = battery.full ? 2 << 30 : 256 << 20
            let runs: [([String], Int, Bool)] = [(["save", "caches", "huge.json"], size, true), (["save", "caches", "bad.json"], 64 << 20, false),
                                                 (["append", "caches", "list.json"], size, true), (["append", "caches", "log.jsonl"], 64 << 20, false)]
            for (arguments, length, valid) in runs {
                var checks = Checks()
                let child = try battery.shelf.start(arguments, in: sandbox, input: .pipe)
                let started = Date()
                stream(length, valid: valid, to: child)
                let result = child.wait(timeout: 1800)
                let expected: Set<Int32> = valid ? [0] : [65]
                checks.expect(result, in: expected, arguments.joined(separator: " "))
                checks.expect(result.maxResidentKB < HostileJSONScenarios.memoryLimitKB, "peak memory \(result.maxResidentKB / 1024) MB")
                let stored = sandbox.namespace("caches") + "/" + arguments[2]
                var st = stat()
                if result.status == 0 {
                    let overhead = arguments[0] == "append" ? (arguments[2].hasSuffix(".json") ? 2 : 1) : 0
                    checks.expect(stat(stored, &st) == 0 && Int(st.st_size) == length + 2 + overhead,
                                  "stored \(st.st_size) bytes, expected \(length + 2 + overhead)")
                } else {
                    checks.expect(stat(stored, &st) != 0, "a rejected input left a file")
                }
                checks.expect(Sandbox.reservedLeftovers(sandbox.root).isEmpty, "temp or journal files remain")
                let seconds = Date().timeIntervalSince(started)
                report.record(checks.problems, run: "\(arguments.joined(separator: " ")) of \(length >> 20) MB")
                report.note(String(format: "%@ %@: %d MB in %.1f s (%.0f MB/s), peak memory %d MB", arguments[0], arguments[2],
                                   length >> 20, seconds, Double(length >> 20) / seconds, result.maxResidentKB / 1024))
                unlink(stored)
            }
        }]
    }

    /// Writes `"` + `length` letters + `"` (or a 0xFF byte before the closing quote) to the child.
    static func stream(_ length: Int, valid: Bool, to child: Child) {
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        guard child.writeInput([0x22]) else { return }
        var left = length
        while left > 0 {
            let piece = left >= chunk.count ? chunk : Array(chunk.prefix(left))
            guard child.writeInput(piece) else { return }
            left -= piece.count
        }
        _ = child.writeInput(valid ? [0x22] : [0xFF, 0x22])
        child.closeInput()
    }
}
