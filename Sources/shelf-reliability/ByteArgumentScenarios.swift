import Foundation
import ShelfTestSupport

/// Names that are not UTF-8 where the user gives them: path arguments, `--app`, `SHELF_APP`, the
/// group of a shared container, `--file`, and the XDG variables and HOME. Each must keep its exact
/// bytes or be refused (64); never collapse (`caf\xe9` and `caf\xe8` into one name, `c\xff` into
/// `c\u{FFFD}`), never crash.
enum ByteArgumentScenarios {
    static let e9 = Array("caf".utf8) + [0xe9], e8 = Array("caf".utf8) + [0xe8]
    static let replacement: [UInt8] = [0xef, 0xbf, 0xbd]

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("byte arguments", checked: "non-UTF-8 paths, --app, SHELF_APP, group, --file, XDG variables, HOME: exact bytes or 64, never a collapse") { report in
            func attempt(_ label: String, _ body: (Sandbox) throws -> [String]) throws {
                let sandbox = try Sandbox(label: "bytes")
                defer { sandbox.destroy() }
                var problems = try body(sandbox)
                let collapsed = RawFiles.tree(sandbox.root).keys.filter { contains($0, replacement) && !contains($0, Array("decoy".utf8)) }
                if !collapsed.isEmpty { problems.append("a name collapsed to U+FFFD: \(collapsed.map(\.shown).prefix(2))") }
                report.record(problems, run: label)
            }
            func run(_ sandbox: Sandbox, _ arguments: [[UInt8]], raw environment: [[UInt8]] = [], extra: [String: String] = [:], input: [UInt8] = [1]) throws -> ChildResult {
                try battery.shelf.start(rawArguments: arguments, in: sandbox, input: .bytes(input), environment: extra, rawEnvironment: environment).wait(timeout: 20)
            }
            let save = [Array("save".utf8)]
            try attempt("save caf\\xe9.txt then caf\\xe8.txt") { sandbox in
                var checks = Checks()
                for (name, byte) in [(e9, UInt8(1)), (e8, UInt8(2))] {
                    let result = try run(sandbox, save + [Array("caches".utf8), name + Array(".txt".utf8)], input: [byte])
                    checks.expect(result, in: [0, 64], "save \((name + Array(".txt".utf8)).shown)")
                    if result.status == 0 {
                        checks.expect(RawFiles.read(Array((sandbox.namespace("caches") + "/").utf8) + name + Array(".txt".utf8)) == [byte],
                                      "\((name + Array(".txt".utf8)).shown) exited 0 but no file of exactly that name holds its bytes")
                    }
                }
                return checks.problems
            }
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
            try attempt("save --file in\\xe9 (in\\u{FFFD} also exists)") { sandbox in
                var checks = Checks()
                try RawFiles.write(Array(sandbox.path("in").utf8) + [0xe9], Array("exact".utf8))
                try RawFiles.write(Array(sandbox.path("in").utf8) + replacement + Array("decoy".utf8), [])
                try Sandbox.writeFile(sandbox.path("in\u{FFFD}"), Array("decoy".utf8))
                let result = try run(sandbox, save + [Array("caches".utf8), Array("x".utf8), Array("--file".utf8), Array(sandbox.path("in").utf8) + [0xe9]])
                checks.expect(result, in: [0, 64, 66], "save --file")
                if result.status == 0 { checks.expect(Sandbox.readFile(sandbox.namespace("caches") + "/x") == Array("exact".utf8), "save --file read another file than the one named") }
                Sandbox.removeTree(sandbox.path("in\u{FFFD}"))
                return checks.problems
            }
        }]
    }

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { Array(bytes[$0..<($0 + part.count)]) == part }
    }
}
