import Foundation
import ShelfCLI
import ShelfTestSupport

/// 10,000 random argument vectors with random standard input, from a seed: shelf must never die
/// by a signal, hang, print a stack trace or exit with an undocumented status, and every failure
/// must be a `shelf: …` message (with the usage line for usage errors).
enum ArgvFuzzScenarios {
    static let runs = 10_000
    /// Every status some command of the table may exit with (3: exists of an expired file; 75
    /// and 125-127: edit's and update's editor or program), but 70: an internal error is a bug.
    static let documented = Set(CommandOutline.table.flatMap(\.statuses)).subtracting([70])
    /// No program runs: `update` and `save --from-command` find none on a PATH of one missing
    /// folder (a real one, given the random words after it, would print its own complaints
    /// among shelf's), and `edit`'s editor is the shell's `true`, which changes nothing and
    /// returns (an editor waiting for a terminal would hang every run).
    static func environment(_ home: Sandbox) -> [String: String] {
        ["EDITOR": "true", "PATH": home.root + "/no-programs"]
    }

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("argv fuzzing", checked: "10,000 seeded random argv + stdin: no signal, no hang, no stack trace; exit 0/1 or a documented code with a 'shelf:' message") { report in
            var rng = battery.random(for: "argv-fuzz")
            let outer = try Sandbox(label: "fuzz")
            defer { outer.destroy() }
            let homes = try (0..<2).map { _ in try Sandbox(in: outer.root, label: "home") }
            for home in homes { try Sandbox.writeFile(home.root + "/input.json", Array(#"[{"id":"x"}]"#.utf8)) }
            let around = Set(Sandbox.entries(of: outer.root))
            let words = FuzzWords(homes: homes)
            var statuses: [Int32: Int] = [:]
            var ioMessages = Set<String>()
            var next = 0
            let lanes = homes.map { home in
                var current: (Int, [[UInt8]], Int)?
                return Lanes.Lane(next: {
                    guard next < runs else { return nil }
                    let arguments = words.vector(&rng)
                    let input = words.input(&rng)
                    current = (next, arguments, input.count)
                    next += 1
                    return try battery.shelf.start(rawArguments: arguments, in: home, input: .bytes(input), environment: environment(home))
                }, finished: { result in
                    guard let (index, arguments, inputSize) = current else { return }
                    statuses[result.status, default: 0] += 1
                    // I/O errors are rare in a sandbox: show what they were about.
                    if result.status == 74, let line = result.err.split(separator: "\n").first, ioMessages.count < 4 {
                        ioMessages.insert(String(line.prefix(150)))
                    }
                    let problems = check(result, arguments)
                    report.record(problems, run: "run \(index): shelf \(arguments.map { String(decoding: $0, as: UTF8.self).debugDescription }.joined(separator: " ")) with \(inputSize) bytes of input")
                })
            }
            try Lanes.run(lanes)
            // Nothing may have appeared beside the homes.
            let beside = Set(Sandbox.entries(of: outer.root)).subtracting(around)
            report.record(beside.isEmpty ? [] : ["created beside the homes: \(beside.sorted().prefix(5))"], run: "after all runs")
            for message in ioMessages.sorted() { report.note("an exit 74: \(message)") }
            report.note("argv fuzzing: exit statuses " + statuses.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: ", "))
        }]
    }

    static func check(_ result: ChildResult, _ arguments: [[UInt8]]) -> [String] {
        var checks = Checks()
        checks.expect(result, in: documented, "shelf")
        checks.expectNoCrashReport(result, "shelf")
        let err = result.err
        if result.exited && result.status > 1 {
            checks.expect(err.hasPrefix("shelf: "), "the failure message does not start with 'shelf: ': \(err.prefix(120).debugDescription)")
            let lines = err.split(separator: "\n")
            checks.expect(lines.allSatisfy { $0.hasPrefix("shelf: ") || $0.hasPrefix("usage: ") || $0.hasPrefix("Run 'shelf") },
                          "stderr has lines that are not shelf messages: \(err.prefix(160).debugDescription)")
        }
        if result.exited && result.status == 1 {
            checks.expect(result.stdout.isEmpty && result.stderr.isEmpty, "exit 1 (no) with output")
        }
        return checks.problems
    }
}

/// The vocabulary the fuzzer draws from: real commands, directories and options (so that most
/// vectors get past the first word), their near misses, hostile paths and raw bytes.
struct FuzzWords {
    let homes: [Sandbox]

    /// The table's commands (hidden helpers included), then near misses.
    static let commands = CommandOutline.table.map(\.name) + ["SAVE", "sav", "retreive", "", "-", "--"]
    static let directories = ["documents", "caches", "applicationSupport", "temporary", "sharedContainer:group", "application-support",
                              "CACHES", "shared-container:x", "sharedContainer:", "sharedContainer:../x", "temp", "Documents",
                              "sharedcontainer:a:b", "/tmp", "~"]
    static let options = ["--file", "--raw", "--print-path", "--force", "-f", "--key", "--each", "--app", "--help", "-h", "--version",
                          "--json", "--human", "--group", "-l", "--long", "--recursive", "--older-than", "--max-size", "--expired",
                          "--dry-run", "--verbose", "--expires-in", "--expires-at", "--allow-expired", "--", "-", "---", "--=", "-lr",
                          "-xyz", "--raw=1", "--app=", "--file=", "--key=", "--bogus", "-F", "--FORCE",
                          "--replace-folder", "--mode", "--mode=644", "--mode=4755"]
    static let values = ["a.json", "a/b/c.txt", "dir/", "x y.txt", "ünï/名前.json", "-dash", "..", "../x", "/etc/passwd", "a//b", ".",
                         ".shelf-tmp-1", "log.jsonl", "list.json", "inbox/", "15m", "-1d", "99999999999w", "10M", "1e9G", "0", "644", "0777",
                         "2026-01-01T00:00:00Z", "not-a-date", "id", "", " ", "\n", "%s%n", "$(id)", "*", String(repeating: "x", count: 300)]

    /// The positional arguments of each command, from the table, so that most vectors reach the
    /// command itself: `dir`, `path`, `com` (a command name), `program`, `text`; `?` when optional.
    static let grammar: [String: [String]] = Dictionary(uniqueKeysWithValues: CommandOutline.table.map { command in
        (command.name, command.arguments.map { argument in
            let slot: String
            switch argument.slot {
            case .directory: slot = "dir"
            case .storedPath: slot = "path"
            case .command: slot = "com"
            case .program: slot = "program"
            case .other: slot = "text"
            }
            return argument.optional ? slot + "?" : slot
        })
    })
    /// Each command's own and common options, from the table. Left out: `--help`, which only
    /// prints, and `--root`, which would make a folder outside the sandbox the store.
    static let commandOptions: [String: [String]] = Dictionary(uniqueKeysWithValues: CommandOutline.table.map { command in
        (command.name, command.options.map(\.spelling).filter { $0 != "--help" && $0 != "--root" })
    })
    /// The options that take a value; each is given one.
    static let valueOptions = Set(CommandOutline.table.flatMap { $0.options.filter(\.takesValue).map(\.spelling) })
    static let validDirectories = ["documents", "caches", "applicationSupport", "temporary", "sharedContainer:group"]
    static let validPaths = ["a.json", "a/b/c.txt", "dir/", "dir", "x y.txt", "ünï/名前.json", "log.jsonl", "list.json", "inbox/", "a.json"]

    func vector(_ rng: inout SeededRandom) -> [[UInt8]] {
        rng.chance(0.6) ? wellFormed(&rng) : anyWords(&rng)
    }

    /// A command with arguments of the right kinds (real directories, mostly safe paths), a few
    /// options, and now and then one random word.
    func wellFormed(_ rng: inout SeededRandom) -> [[UInt8]] {
        let (command, slots) = rng.pick(FuzzWords.grammar.sorted { $0.key < $1.key })
        var words = [command]
        for slot in slots where !slot.hasSuffix("?") || rng.chance(0.5) {
            switch slot.prefix(3) {
            case "dir": words.append(rng.pick(FuzzWords.validDirectories))
            case "com": words.append(rng.pick(FuzzWords.commands))
            default: words.append(rng.chance(0.85) ? rng.pick(FuzzWords.validPaths) : rng.pick(FuzzWords.values))
            }
        }
        let options = FuzzWords.commandOptions[command] ?? []
        for _ in 0..<(options.isEmpty ? 0 : rng.int(0...2)) {
            let option = rng.chance(0.9) ? rng.pick(options) : rng.pick(FuzzWords.options)
            words.append(option)
            if option == "--key" { words.append(rng.pick(["id", "v", "", "k"])) }
            if option == "--file" { words.append(rng.pick(homes).root + "/" + rng.pick(["input.json", "missing", "cache"])) }
            if option != "--key" && option != "--file" && FuzzWords.valueOptions.contains(option) { words.append(rng.pick(FuzzWords.values)) }
        }
        var bytes = words.map { Array($0.utf8) }
        if rng.chance(0.2) { bytes.insert(word(&rng), at: rng.int(1...bytes.count)) }
        return bytes
    }

    func anyWords(_ rng: inout SeededRandom) -> [[UInt8]] {
        var words: [[UInt8]] = []
        if rng.chance(0.1) { words += [Array("--app".utf8), word(&rng)] }
        if rng.chance(0.9) { words.append(Array(rng.pick(FuzzWords.commands).utf8)) }
        for _ in 0..<rng.int(0...6) { words.append(word(&rng)) }
        return words
    }

    func word(_ rng: inout SeededRandom) -> [UInt8] {
        switch rng.int(0...9) {
        case 0, 1: return Array(rng.pick(FuzzWords.directories).utf8)
        case 2, 3: return Array(rng.pick(FuzzWords.options).utf8)
        case 4, 5, 6: return Array(rng.pick(FuzzWords.values).utf8)
        case 7: return Array((rng.pick(homes).root + "/" + rng.pick(["input.json", "missing", "cache", "cache/shelf"])).utf8)
        case 8: return rng.bytes(rng.int(0...24)).map { $0 == 0 ? 1 : $0 }  // any bytes but NUL, which argv cannot hold
        default: return rng.text(rng.int(0...(rng.chance(0.1) ? 5000 : 12)))
        }
    }

    func input(_ rng: inout SeededRandom) -> [UInt8] {
        switch rng.int(0...4) {
        case 0: return []
        case 1: return rng.bytes(rng.int(0...4096))
        case 2: return Array(#"[{"id":"a","v":1},{"id":"b"}]"#.utf8)
        case 3: return Array(#"{"k":[1,2,{"x":null}]}"#.utf8) + (rng.chance(0.5) ? [10] : [])
        default: return rng.text(rng.int(0...200))
        }
    }
}
