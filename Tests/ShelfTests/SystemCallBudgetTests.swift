import Foundation
import Testing

/// Each command pays once (issue 23): the system calls of a small `save` from a pipe, an `append`
/// and a `retrieve`, counted with strace(1) on the built binary, so that a check made twice or a
/// fact asked again (the namespace guard run twice per writer, `fstatfs` asked four times for one
/// folder, two calls per signal handler) fails here instead of slowing every command unseen.
///
/// Two counts. Shelf's own part: from its first act (`main` ignoring SIGXFSZ, the first
/// `rt_sigaction`) to its exit, `brk` and `futex` left out (the allocator's growth and thread
/// wake-ups, which depend on the build and on timing). And, where the binary is fully static (the
/// release build, `make test-release`), every call from `execve` on: what comes before `main` in
/// the debug build (the dynamic loader, the shared libraries' initialisers) depends on the machine,
/// while the static start-up is the C library's and the Swift runtime's own, 19 calls. Either way
/// the runtime's start-up cuts are checked (CShelfStart.c): no search for the backtracer's
/// program, and in a static binary no reading of /proc/self/maps to find the arguments.
///
/// The namespace guard climbs from the base folder towards the root, one `stat` per folder, as far
/// as its questions need (to the root where another base folder lies on another branch), so each
/// budget allows the depth of the test home.
@Suite struct SystemCallBudgetTests {
    static let strace = Subprocess.which("strace")
    let home = TestHome()

    /// One run's system calls: shelf's own part by name, and every line of the trace (see above).
    struct Trace {
        var own: [String: Int] = [:]
        var lines: [Substring] = []
        /// No shared library was opened: the fully static release build.
        var isStatic: Bool { !lines.contains { $0.contains(".so") && $0.contains("open") } }
    }

    /// Traces one run of `arguments` with `stdin` piped in.
    func trace(_ arguments: [String], stdin: String = "") throws -> Trace {
        let file = home.path("trace.txt")
        let result = try Subprocess.run(SystemCallBudgetTests.strace!, ["-f", "-qq", "-o", file, BuiltBinary.path] + arguments,
                                        environment: home.environment, stdin: stdin)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        var trace = Trace()
        var started = false
        for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n") {
            // `12345 name(arguments…) = result`, after the process ID that -f writes.
            let words = line.drop { $0.isNumber }.drop { $0 == " " }
            guard let open = words.firstIndex(of: "("), !words.hasPrefix("<...") else { continue }
            trace.lines.append(words)
            let name = String(words[..<open])
            if !started { started = name == "rt_sigaction" && words.contains("SIGXFSZ") }
            if started && !["brk", "futex"].contains(name) { trace.own[name, default: 0] += 1 }
        }
        #expect(started, "\(arguments): no SIGXFSZ set up by main")
        return trace
    }

    /// shelf's own system calls, by name, for one run; the runtime's start-up cuts checked too.
    func calls(_ arguments: [String], stdin: String = "", wholeRunWithin staticBudget: Int? = nil,
               sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Int] {
        let trace = try trace(arguments, stdin: stdin)
        #expect(!trace.lines.contains { $0.contains("swift-backtrace") || $0.contains("libexec/swift") },
                "the Swift runtime looked for its backtracer", sourceLocation: sourceLocation)
        if trace.isStatic {
            #expect(!trace.lines.contains { $0.contains("/proc/self/maps") }, "the arguments found through /proc/self/maps",
                    sourceLocation: sourceLocation)
            if let staticBudget {
                #expect(trace.lines.count <= staticBudget + depth,
                        "\(arguments): \(trace.lines.count) system calls in all, budget \(staticBudget) + \(depth) (depth)",
                        sourceLocation: sourceLocation)
            }
        }
        return trace.own
    }

    /// The folders above the test home, the home included: the guard's climb to the root.
    var depth: Int {
        let real = URL(fileURLWithPath: home.root).resolvingSymlinksInPath().path
        return real.split(separator: "/").count
    }

    func expect(_ counted: [String: Int], within budget: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let total = counted.values.reduce(0, +)
        let listing = counted.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        #expect(total <= budget + depth, "\(what): \(total) system calls, budget \(budget) + \(depth) (depth): \(listing)",
                sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: SystemCallBudgetTests.strace != nil, "needs strace(1)"))
    func aSmallSaveFromAPipe() throws {
        _ = try calls(["save", "caches", "first.json"], stdin: "{}")  // the namespace folder made
        expect(try calls(["save", "caches", "x.json"], stdin: #"{"a":1}"#, wholeRunWithin: SystemCallBudgetTests.saveNewWhole),
               within: SystemCallBudgetTests.saveNew, "save of a new file")
        expect(try calls(["save", "caches", "x.json"], stdin: #"{"a":2}"#, wholeRunWithin: SystemCallBudgetTests.saveOverWhole),
               within: SystemCallBudgetTests.saveOver, "save over a file")
        #expect(home.read("cache/shelf/x.json") == #"{"a":2}"#)
    }

    @Test(.enabled(if: SystemCallBudgetTests.strace != nil, "needs strace(1)"))
    func anAppendOfASmallValue() throws {
        _ = try calls(["append", "caches", "log.jsonl"], stdin: #"{"b":1}"#)
        expect(try calls(["append", "caches", "log.jsonl"], stdin: #"{"b":2}"#, wholeRunWithin: SystemCallBudgetTests.appendWhole),
               within: SystemCallBudgetTests.append, "append")
        #expect(home.read("cache/shelf/log.jsonl") == "{\"b\":1}\n{\"b\":2}\n")
    }

    @Test(.enabled(if: SystemCallBudgetTests.strace != nil, "needs strace(1)"))
    func aRetrieveOfASmallFile() throws {
        _ = try calls(["save", "caches", "x.json"], stdin: #"{"a":1}"#)
        expect(try calls(["retrieve", "caches", "x.json"], wholeRunWithin: SystemCallBudgetTests.retrieveWhole),
               within: SystemCallBudgetTests.retrieve, "retrieve")
    }

    // shelf's own calls (from SIGXFSZ on) measured in a test home at depth 2
    // (`/tmp/shelf-test.XXXXXX`), less the two the depth adds back, plus one. Before issue 23 the
    // same four counts were 104, 113, 100 and 65: the namespace guard ran twice for each writer (a
    // second climb to the root and a `stat` of every other base folder), each signal handler took
    // two `sigaction`s, `fstatfs` was asked four times for one folder, a JSON check mapped four 1 MiB
    // buffers for 7 bytes, a save looked at its target's name twice at each of two moments, and a
    // small file's two ends were each read with a `pread` of their own. Then 67, 75, 69 and 52,
    // until the signal handler waited for the first named temporary entry (11 `sigaction`s fewer
    // for all but a save over a file, which pays two more to block the signals around them), a new
    // file was linked straight under its name (no temporary name, lock, rename or second look at
    // the target), and standard descriptors found to be no terminal at start were not asked again.
    // Then 45, 74, 56 and 39, until the ending signals were left unblocked at start where the
    // backtracer is off and the handler installed with no block around it (two calls for every
    // command, two more for a save over a file), the old file replaced was opened once for what it
    // carries and for its lock, and a temp file just named not `stat`ed again before its rename
    // (three), a small JSON input read into one buffer (its end found in the buffer it came in),
    // the user ID asked once, and standard input's size asked only for a progress line drawn.
    // Then 42, 68, 56 and 39 (the signals blocked around the handler's late installation again),
    // until the namespace guard climbed only as far as each question needs instead of to the root
    // (the home folder is found a step above the base), the mounts came with the identities (one
    // `statx` each, not a `stat` and a `statx`), and a save over a file blocked the signals from
    // the temp file's name to its rename instead of installing the handler (13 calls to 3).
    /// A new file: the namespace checked once, the unnamed file written, synced and linked.
    static let saveNew = 34
    /// Over a file: also what the old file carries (mode, attributes, expiry), its lock (on the
    /// same descriptor), the signals blocked, and the temporary name renamed over it.
    static let saveOver = 50
    /// To a small JSON Lines file: the journal made, synced and removed around the one write.
    static let append = 48
    /// The namespace checked, the file locked, its snapshot taken, and one `sendfile`.
    static let retrieve = 31

    // The whole static run (the release build, `SHELF_BIN=.build/release/shelf` or `make
    // test-release`), from `execve`, `brk` included: the 19 calls of the C library's and the Swift
    // runtime's start-up, then shelf's own; measured at depth 2 less two, plus one. Before these
    // cuts 103, 111, 105 and 88; then 65, 94, 76 and 59, then 61, 87, 75 and 58 (see above). A
    // small save stays under 80 (issue 23), over a file too: this budget fails at 72 (depth 2).
    static let saveNewWhole = 53
    static let saveOverWhole = 69
    static let appendWhole = 67
    static let retrieveWhole = 50
}
