import Glibc
import ShelfTestSupport

// shelf-bench: runs every case of `make bench` (see docs/performance.md), or plays the
// Disk-style rewrite that the append cases are measured against.

let usage = """
    usage: shelf-bench [--shelf PATH] [--quick] [--json] [--json-to FILE] [--only TEXT] [--pairs N] [--disk-clear] [--dir FOLDER]
           shelf-bench compare [--runs N] CMD ARGS… -- CMD ARGS…
           shelf-bench disk-append FILE ITEM
           shelf-bench corpus KIND BYTES
      --shelf PATH   the shelf binary to measure (default: shelf next to this program)
      --quick        smaller sizes and fewer repetitions: every case in about two minutes
      --json         print the results as JSON instead of the table
      --json-to FILE print the table and also write the JSON to FILE
      --only TEXT    run only the cases whose name contains TEXT (repeatable)
      --pairs N      run every case N times on each side instead of its own count
      --disk-clear   also time clear on disk (minutes on a busy shared disk; tmpfs is the default)
      --dir FOLDER   where to make the temporary work folder (default: $TMPDIR or /tmp)
      corpus         writes the JSON a validator row measures to standard output
                     (KIND: \(JSONCorpus.allCases.map(\.rawValue).joined(separator: ", ")))

    """

/// Set by SIGINT/SIGTERM; checked between runs so the work folder is always removed.
nonisolated(unsafe) var interrupted: sig_atomic_t = 0

func fail(_ message: String, status: Int32 = 64) -> Never {
    printError("shelf-bench: \(message)")
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "disk-append" {
    guard arguments.count == 3 else { fail("usage: shelf-bench disk-append FILE ITEM") }
    do { try DiskStyleAppend.run(file: arguments[1], item: arguments[2]) } catch { fail("\(error)", status: 1) }
    exit(0)
}

if arguments.first == "corpus" {
    guard arguments.count == 3, let kind = JSONCorpus(rawValue: arguments[1]), let size = Int(arguments[2]) else {
        fail("usage: shelf-bench corpus KIND BYTES")
    }
    do { try Child.writeAll(1, kind.make(bytes: size)) } catch { fail("cannot write standard output: \(error)", status: 74) }
    exit(0)
}

if arguments.first == "compare" {
    do { print(try Compare.run(Array(arguments.dropFirst())), terminator: "") } catch { fail("\(error)") }
    exit(0)
}

var diskClear = false
var shelfPath: String?, quick = false, asJSON = false, jsonFile: String?, only: [String] = [], pairs: Int?
var parent = Workspace.variable("TMPDIR").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
while !arguments.isEmpty {
    let word = arguments.removeFirst()
    func value() -> String {
        guard !arguments.isEmpty else { fail("\(word) needs a value\n" + usage) }
        return arguments.removeFirst()
    }
    switch word {
    case "--shelf": shelfPath = value()
    case "--quick": quick = true
    case "--json": asJSON = true
    case "--disk-clear": diskClear = true
    case "--json-to": jsonFile = value()
    case "--only": only.append(value())
    case "--pairs":
        guard let n = Int(value()), n > 0 else { fail("--pairs needs a positive number") }
        pairs = n
    case "--dir": parent = value()
    case "-h", "--help": print(usage, terminator: ""); exit(0)
    default: fail("unknown argument '\(word)'\n" + usage)
    }
}

let ownFolder = String(CommandLine.arguments[0].reversed().drop { $0 != "/" }.reversed())
let shelf = shelfPath ?? (ownFolder.isEmpty ? "./shelf" : ownFolder + "shelf")
guard access(shelf, X_OK) == 0 else { fail("no shelf binary at \(shelf); build it with 'make release' or pass --shelf") }
let absoluteShelf = shelf.hasPrefix("/") ? shelf : String(cString: getcwd(nil, 0)) + "/" + shelf

signal(SIGPIPE, SIG_IGN)
signal(SIGINT) { _ in interrupted = 1 }
signal(SIGTERM) { _ in interrupted = 1 }

var machine = Machine.describe()
let workspace: Workspace
do { workspace = try Workspace(shelf: absoluteShelf, parent: parent, quick: quick) } catch { fail("\(error)", status: 73) }
workspace.diskClear = diskClear
let runner = CaseRunner(workspace: workspace) { printError("shelf-bench: \($0)") }

var results: [CaseResult] = []
for benchmark in Cases.all(workspace) {
    if interrupted != 0 { break }
    switch benchmark {
    case .paired(var benchCase):
        if let pairs { benchCase.repetitions = pairs }
        guard only.isEmpty || only.contains(where: { benchCase.name.contains($0) }) else { continue }
        results.append(runner.run(benchCase))
    case .custom(let name, let commands, let run):
        guard only.isEmpty || only.contains(where: { name.contains($0) }) else { continue }
        if let missing = commands.first(where: { !workspace.hasCommand($0) }) {
            results.append(CaseResult(name: name, baseline: "—", target: "items/s, exact count",
                                      skipped: "command not available: \(missing)"))
            continue
        }
        printError("shelf-bench: \(name)")
        results.append(run())
    }
}
workspace.removeAll()
if interrupted != 0 { fail("interrupted; the work folder is removed", status: 130) }

machine.loadAtEnd = Machine.load()
let report = Report(machine: machine, quick: quick, shelf: absoluteShelf, cases: results)
do {
    if let jsonFile { try writeText(jsonFile, try report.json()) }
    print(asJSON ? try report.json() : report.table(), terminator: "")
} catch {
    fail("\(error)", status: 70)
}
