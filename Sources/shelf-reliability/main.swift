import Foundation
import ShelfTestSupport

// shelf-reliability: the crash, concurrency, full-disk, permission, hostile-input and argv-fuzzing
// battery (docs/reliability.md). It runs a built `shelf` binary; it is a test tool, never shipped.

let usage = """
    usage: shelf-reliability [--seed N] [--quick] [--only NAME[,NAME…]] [SHELF-BINARY]
      SHELF-BINARY   the shelf to test (default: $SHELF_BIN, else the shelf built beside this tool)
      --seed N       replay a run (the seed is printed at the start and the end)
      --quick        the shorter run used by `make test` (a 256 MB string instead of 2 GB)
      --only NAMES   run some scenarios: \(Scenarios.all.map(\.name).joined(separator: ", "))
    """

var seed = UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000_000
var quick = false
var only: Set<String>?
var binary: String?
var words = Array(CommandLine.arguments.dropFirst())
while !words.isEmpty {
    let word = words.removeFirst()
    switch word {
    case "--seed":
        guard let value = words.first.flatMap(UInt64.init) else { say(usage); exit(64) }
        seed = value
        words.removeFirst()
    case "--quick": quick = true
    case "--only":
        guard let value = words.first else { say(usage); exit(64) }
        only = Set(value.split(separator: ",").map(String.init))
        words.removeFirst()
    case "-h", "--help": say(usage); exit(0)
    default:
        if word.hasPrefix("-") { say(usage); exit(64) }
        binary = word
    }
}
if let only, let unknown = only.first(where: { name in !Scenarios.all.contains { $0.name == name } }) {
    say("unknown scenario '\(unknown)'\n\(usage)")
    exit(64)
}

// A child killed mid-read must give the harness EPIPE, not kill it.
signal(SIGPIPE, SIG_IGN)

let selfDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let shelfPath = binary ?? SandboxHome.builtBinary(else: selfDirectory.appendingPathComponent("shelf").path)
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let fixtures = repository.appendingPathComponent("Tests/Fixtures/JSONTestSuite/test_parsing").path

let shelf: ShelfBinary
do {
    shelf = try ShelfBinary(path: shelfPath)
} catch {
    say("shelf-reliability: \(error)")
    exit(66)
}
say("shelf-reliability: seed \(seed) (replay: --seed \(seed)), \(quick ? "quick" : "full") run of \(shelfPath)")
say("  start-up \(String(format: "%.1f", shelf.startupSeconds * 1000)) ms; uid \(getuid())")

let battery = Battery(shelf: shelf, seed: seed, full: !quick, fixtures: fixtures)
let started = Date()
var reports: [ScenarioReport] = []
for scenario in Scenarios.all where only?.contains(scenario.name) ?? true {
    reports += scenario.run(battery)
}

say("")
say(SummaryTable.render(reports))
for report in reports {
    for note in report.notes { say("  note (\(report.name)): \(note)") }
    for message in report.messages { say("  FAILURE (\(report.name)): \(message)") }
}
let failed = reports.reduce(0) { $0 + $1.failures }
let runs = reports.reduce(0) { $0 + $1.runs }
say(String(format: "\n%d runs, %d failures, %.0f s; seed %llu", runs, failed, Date().timeIntervalSince(started), seed))
exit(failed == 0 ? 0 : 1)

/// Unbuffered standard output, so the seed line comes before any progress on stderr.
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
