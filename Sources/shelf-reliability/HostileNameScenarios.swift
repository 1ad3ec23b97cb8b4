import Foundation
import ShelfTestSupport

/// Hostile names found on disk, made by other programs straight in a namespace: bytes that are
/// not UTF-8 (`caf\xe9.txt` next to `caf\xe8.txt`), a line feed (`evil<LF>CACHEDIR.TAG`), an escape
/// sequence, CR, TAB, DEL, NFC and NFD spellings of one word. Every command must see each one as
/// itself: list shows each once, on one line, escaped (list, -l, --json, -0: NameOutputTests); retrieve
/// gives its bytes or refuses the name (64), never another file's; copy and move keep the exact
/// names; clear and remove leave none behind.
///
/// And folder variables that are not UTF-8: each must keep its exact bytes or be refused; never
/// collapse (`c\xff` into `c\u{FFFD}`), never crash. (Path arguments, `--file`, `--app`, `SHELF_APP`,
/// a group, XDG_CACHE_HOME and HOME: NameBytesTests, ProcessBytesEndToEndTests, DuplicateEnvironmentTests.)
enum HostileNameScenarios {
    static let names: [[UInt8]] = [
        Array("caf".utf8) + [0xe9] + Array(".txt".utf8), Array("caf".utf8) + [0xe8] + Array(".txt".utf8),
        Array("evil\nCACHEDIR.TAG".utf8), Array("esc\u{1b}[31mred".utf8), Array("cr\rname".utf8), Array("tab\tname".utf8),
        Array("del\u{7f}".utf8), [0xff, 0xfe], Array("\u{e9}.txt".utf8), Array("e\u{301}.txt".utf8), Array("plain.txt".utf8),
    ]

    static func content(_ index: Int) -> [UInt8] { Array("content of name \(index)\n".utf8) }

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [diskNames(battery), byteArguments(battery)]
    }

    static func diskNames(_ battery: Battery) -> ScenarioReport {
        battery.scenario("hostile disk names", checked: "names made by other programs (not UTF-8, LF, ESC, CR, NFC/NFD): listed once each and escaped, retrieved exactly or refused, copied, moved, removed, cleared", sandbox: "disk-names") { report, sandbox in
            let second = SecondFileSystem(beside: sandbox)
            defer { second.release() }
            let environment = second.path.map { ["XDG_RUNTIME_DIR": $0] } ?? [:]
            let temporary = (second.path ?? sandbox.root + "/run") + "/shelf"
            let caches = sandbox.namespace("caches")
            func shelf(_ arguments: [[UInt8]]) throws -> ChildResult {
                try battery.shelf.start(rawArguments: arguments, in: sandbox, input: .none, environment: environment).wait(timeout: 20)
            }
            func words(_ text: String...) -> [[UInt8]] { text.map { Array($0.utf8) } }
            _ = try battery.shelf.run(["save", "caches", "sub/x"], in: sandbox, input: .bytes([1]))
            _ = try battery.shelf.run(["remove", "caches", "sub/x"], in: sandbox)
            for folder in [caches, caches + "/sub"] {
                for (index, name) in names.enumerated() { try RawFiles.write(Array(folder.utf8) + [0x2f] + name, content(index)) }
            }
            // The cache tag the first save made is shelf's: left out unless --all, then listed like any other file.
            let tag = RawFiles.exists(Array((caches + "/CACHEDIR.TAG").utf8)) ? [Array("CACHEDIR.TAG".utf8)] : []
            // list, list -l and list --json of these names (and more): NameOutputTests' exact output.
            for options in [["list", "-R"], ["list", "--all"], ["list", "-R", "--all", "--json"]] {
                let listed = try shelf(words(options[0], "caches") + options.dropFirst().map { Array($0.utf8) })
                let shown = (options.contains("-R") ? names.count * 2 + 1 : names.count + 1) + (options.contains("--all") ? tag.count : 0)
                report.record(listing(listed, expected: shown, json: options.contains("--json")), run: options.joined(separator: " ") + " caches")
            }
            for (index, name) in names.enumerated() {
                var checks = Checks()
                let read = try shelf(words("retrieve", "caches") + [name])
                checks.expect(read, in: [0, 64], "retrieve")
                checks.expect(read.status != 0 || read.stdout == content(index), "retrieve gave another file's bytes: \(read.out.prefix(40))")
                let gone = try shelf(words("remove", "caches") + [Array("sub/".utf8) + name])
                checks.expect(gone, in: [0, 64], "remove sub/<name>")
                checks.expect(gone.status != 0 || !RawFiles.exists(Array((caches + "/sub/").utf8) + name), "remove exited 0 but the name is still there")
                if gone.status == 0 { try RawFiles.write(Array((caches + "/sub/").utf8) + name, content(index)) }
                report.record(checks.problems, run: "retrieve and remove of \(name.shown)")
            }
            for (verb, directory, root) in [("copy", "documents", sandbox.namespace("documents")), ("move", "temporary", temporary)] {
                var checks = Checks()
                let result = try shelf(words(verb, "caches", "sub", directory))
                checks.expect(result, in: [0], "\(verb) caches sub \(directory)")
                for (index, name) in names.enumerated() {
                    checks.expect(RawFiles.read(Array((root + "/sub/").utf8) + name) == content(index), "\(name.shown) is not in the \(verb)'s target with its bytes")
                }
                if verb == "move" { checks.expect(!RawFiles.exists(Array((caches + "/sub").utf8)), "the moved folder is still in the source") }
                report.record(checks.problems, run: "\(verb) of a folder of hostile names")
            }
            var checks = Checks()
            let cleared = try shelf(words("clear", "caches", "--verbose"))
            checks.expect(cleared, in: [0], "clear caches --verbose")
            checks.expect(!rawControl(cleared.stdout), "clear --verbose printed a raw control character")
            let left = RawFiles.names(of: caches).filter { $0 != Array("CACHEDIR.TAG".utf8) }
            checks.expect(left.isEmpty, "clear exited \(cleared.status) and left \(left.map(\.shown).prefix(4))")
            report.record(checks.problems, run: "clear of hostile names")
        }
    }

    static let replacement: [UInt8] = [0xef, 0xbf, 0xbd]

    static func byteArguments(_ battery: Battery) -> ScenarioReport {
        battery.scenario("byte arguments", checked: "folder variables not UTF-8: exact bytes or 64/77, never a collapse") { report in
            let variables: [(String, String, [String: String])] = [
                ("XDG_DATA_HOME", "applicationSupport", [:]), ("XDG_DOCUMENTS_DIR", "documents", [:]),
                ("XDG_RUNTIME_DIR", "temporary", [:]), ("TMPDIR", "temporary", ["XDG_RUNTIME_DIR": ""]),
            ]
            for (variable, directory, extra) in variables {
                let sandbox = try Sandbox(label: "bytes")
                defer { sandbox.destroy() }
                var checks = Checks()
                let value = Array((sandbox.root + "/c").utf8) + [0xff]
                let arguments = ["save", directory, "x"].map { Array($0.utf8) }
                let result = try battery.shelf.start(rawArguments: arguments, in: sandbox, input: .bytes([1]), environment: extra,
                                                     rawEnvironment: [Array("\(variable)=".utf8) + value]).wait(timeout: 20)
                checks.expect(result, in: [0, 64, 77], "save \(directory) with \(variable) not UTF-8")
                if result.status == 0 { checks.expect(RawFiles.exists(value), "exit 0 but nothing was written below the exact bytes of \(variable)") }
                let collapsed = RawFiles.tree(sandbox.root).keys.filter { $0.contains(replacement) }
                checks.expect(collapsed.isEmpty, "a name collapsed to U+FFFD: \(collapsed.map(\.shown).prefix(2))")
                report.record(checks.problems, run: "\(variable)=…/c\\xff")
            }
        }
    }

    static func rawControl(_ bytes: [UInt8]) -> Bool { bytes.contains { ($0 < 0x20 && $0 != 10) || $0 == 0x7f } }

    /// One line per entry, no raw control character, no two entries alike.
    static func listing(_ result: ChildResult, expected: Int, json: Bool) -> [String] {
        var checks = Checks()
        checks.expect(result, in: [0], "list")
        if json {
            let entries = Content.parseJSON(result.stdout) as? [[String: Any]]
            checks.expect(entries != nil, "--json output is not a JSON array of objects")
            // By bytes: a Set of String would make the NFC and NFD spellings one.
            let names = Set((entries ?? []).compactMap { entry -> [UInt8]? in
                if let encoded = entry["nameBytes"] as? String, let bytes = Data(base64Encoded: encoded) { return Array(bytes) }
                return (entry["name"] as? String).map { Array($0.utf8) }
            })
            checks.expect(names.count == expected, "--json shows \(names.count) distinct names for \(expected) entries")
            return checks.problems
        }
        let lines = result.stdout.split(separator: 10).map(Array.init)
        checks.expect(!rawControl(result.stdout), "a raw control character (LF inside a name, ESC, CR, TAB, DEL) reached the output")
        checks.expect(lines.count == expected, "\(lines.count) lines for \(expected) entries")
        checks.expect(Set(lines).count == lines.count, "two entries print the same line (names collapsed)")
        return checks.problems
    }
}
