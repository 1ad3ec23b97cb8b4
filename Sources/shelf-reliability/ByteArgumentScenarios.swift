import Foundation
import ShelfTestSupport

/// Names that are not UTF-8 where the user gives them: `--app`, `SHELF_APP`, the group of a shared
/// container, and the XDG variables and HOME (path arguments and `--file`: NameBytesTests and
/// ProcessBytesEndToEndTests). Each must keep its exact bytes or be refused (64); never collapse
/// (`c\xff` into `c\u{FFFD}`), never crash.
enum ByteArgumentScenarios {
    static let e9 = Array("caf".utf8) + [0xe9]
    static let replacement: [UInt8] = [0xef, 0xbf, 0xbd]

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("byte arguments", checked: "non-UTF-8 --app, SHELF_APP, group, XDG variables, HOME: exact bytes or 64, never a collapse") { report in
            func attempt(_ label: String, _ body: (Sandbox) throws -> [String]) throws {
                let sandbox = try Sandbox(label: "bytes")
                defer { sandbox.destroy() }
                var problems = try body(sandbox)
                let collapsed = RawFiles.tree(sandbox.root).keys.filter { $0.contains(replacement) }
                if !collapsed.isEmpty { problems.append("a name collapsed to U+FFFD: \(collapsed.map(\.shown).prefix(2))") }
                report.record(problems, run: label)
            }
            func run(_ sandbox: Sandbox, _ arguments: [[UInt8]], raw environment: [[UInt8]] = [], extra: [String: String] = [:]) throws -> ChildResult {
                try battery.shelf.start(rawArguments: arguments, in: sandbox, input: .bytes([1]), environment: extra, rawEnvironment: environment).wait(timeout: 20)
            }
            let save = [Array("save".utf8)]
            let placements: [(String, [[UInt8]], [[UInt8]], [String: String], String)] = [
                ("--app", [Array("--app".utf8), e9] + save + [Array("caches".utf8), Array("x".utf8)], [], [:], "cache/" ),
                ("SHELF_APP", save + [Array("caches".utf8), Array("x".utf8)], [Array("SHELF_APP=".utf8) + e9], [:], "cache/"),
                ("group", save + [Array("sharedContainer:".utf8) + e9, Array("x".utf8)], [], [:], "data/shelf-shared/"),
            ]
            for (label, arguments, environment, extra, parent) in placements {
                try attempt(label + " caf\\xe9") { sandbox in
                    var checks = Checks()
                    let result = try run(sandbox, arguments, raw: environment, extra: extra)
                    checks.expect(result, in: [0, 64], label)
                    if result.status == 0 {
                        checks.expect(RawFiles.exists(Array(sandbox.path(parent).utf8) + e9), "\(label): exit 0 but no folder named with the exact bytes")
                    }
                    return checks.problems
                }
            }
            let variables: [(String, String, [String: String])] = [
                ("XDG_CACHE_HOME", "caches", [:]), ("XDG_DATA_HOME", "applicationSupport", [:]), ("XDG_DOCUMENTS_DIR", "documents", [:]),
                ("XDG_RUNTIME_DIR", "temporary", [:]), ("TMPDIR", "temporary", ["XDG_RUNTIME_DIR": ""]), ("HOME", "caches", ["XDG_CACHE_HOME": ""]),
            ]
            for (variable, directory, extra) in variables {
                try attempt("\(variable)=…/c\\xff") { sandbox in
                    var checks = Checks()
                    let value = Array((sandbox.root + "/c").utf8) + [0xff]
                    let result = try run(sandbox, save + [Array(directory.utf8), Array("x".utf8)], raw: [Array("\(variable)=".utf8) + value], extra: extra)
                    checks.expect(result, in: [0, 64, 77], "save \(directory) with \(variable) not UTF-8")
                    if result.status == 0 { checks.expect(RawFiles.exists(value), "exit 0 but nothing was written below the exact bytes of \(variable)") }
                    return checks.problems
                }
            }
        }]
    }
}
