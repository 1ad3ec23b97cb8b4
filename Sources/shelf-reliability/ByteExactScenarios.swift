import Foundation
import ShelfTestSupport

/// Byte-exactness of everything stored: odd bytes through save, append, copy, move (also across
/// file systems) and rename; and `sync`, which must compare and keep each element's bytes: numbers
/// keep their digits. (NFC and NFD spellings as different values and ids: SyncBytesTests.)
enum ByteExactScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("byte exactness", checked: "odd bytes through save/append/copy/move/rename; sync keeps huge numbers exactly", sandbox: "bytes-exact") { report, sandbox in
            let second = SecondFileSystem(beside: sandbox)
            defer { second.release() }
            let environment = second.path.map { ["XDG_RUNTIME_DIR": $0] } ?? [:]
            func shelf(_ arguments: [String], _ input: [UInt8]? = nil) throws -> ChildResult {
                try battery.shelf.run(arguments, in: sandbox, input: input.map { .bytes($0) } ?? .none, environment: environment)
            }
            let odd = Array(0...255).map(UInt8.init) + [0xef, 0xbb, 0xbf, 13, 10, 0] + Array("e\u{301}\u{e9}".utf8)
            var checks = Checks()
            _ = try shelf(["save", "caches", "odd.bin"], odd)
            _ = try shelf(["append", "caches", "odd.bin"], odd)
            checks.expect(try shelf(["retrieve", "caches", "odd.bin"]).stdout == odd + odd, "save + append of odd bytes")
            for step in [["copy", "caches", "odd.bin", "documents"], ["move", "documents", "odd.bin", "temporary"], ["rename", "temporary", "odd.bin", "odd2.bin"]] {
                checks.expect(try shelf(step), in: [0], step.joined(separator: " "))
            }
            checks.expect(try shelf(["retrieve", "temporary", "odd2.bin"]).stdout == odd + odd, "copy, move across file systems and rename changed the bytes")
            report.record(checks.problems, run: "odd bytes round trip")

            let numbers = "{\"id\":\"n\",\"big\":18446744073709551615,\"huge\":1e400,\"tiny\":1e-400,\"negzero\":-0,\"long\":123456789012345678901234567890,\"frac\":0.10000000000000000000001}"
            checks = Checks()
            checks.expect(try shelf(["sync", "caches", "u"], Array("[\(numbers)]".utf8)), in: [0], "sync of huge numbers")
            let stored = String(decoding: try shelf(["retrieve", "caches", "u/n.json"]).stdout, as: UTF8.self)
            for literal in ["18446744073709551615", "1e400", "1e-400", "-0", "123456789012345678901234567890", "0.10000000000000000000001"] {
                checks.expect(stored.contains(literal), "sync stored \(literal) otherwise: \(stored.prefix(200).debugDescription)")
            }
            let changed = numbers.replacingOccurrences(of: "18446744073709551615", with: "18446744073709551614")
            let report2 = try shelf(["sync", "caches", "u", "--json"], Array("[\(changed)]".utf8))
            checks.expect(report2.out.contains("\"updated\":[\"n\"]"), "a changed 20-digit number was not seen as a change: \(report2.out)")
            report.record(checks.problems, run: "sync of huge numbers")
        }]
    }
}
