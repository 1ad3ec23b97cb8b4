import Foundation
import Testing

/// Each command pays once (issue 23): the system calls of a small `save` from a pipe, an `append`
/// and a `retrieve`, counted with strace(1) on the built binary, so that a check made twice or a
/// fact asked again (the namespace guard run twice per writer, `fstatfs` asked four times for one
/// folder, two calls per signal handler) fails here instead of slowing every command unseen.
///
/// What is counted is shelf's own part: from its first act (installing the signal handlers, the
/// first `rt_sigaction` of SIGHUP) to its exit. What comes before (the dynamic loader, the Swift
/// runtime's start) differs between the debug build and the static release and is not shelf's to
/// cut; `brk` and `futex` are left out too, being the allocator's growth and thread wake-ups, which
/// depend on the build and on timing. The namespace guard climbs from the base folder to the root,
/// one `stat` per folder, so each budget grows by the depth of the test home.
///
/// The budgets are the counts measured when the test was written plus one call: a regression of
/// two calls fails. A change that saves calls should lower them.
@Suite struct SystemCallBudgetTests {
    static let strace = Subprocess.which("strace")
    let home = TestHome()

    /// shelf's own system calls (see above), by name, for one run of `arguments` with `stdin` piped in.
    func calls(_ arguments: [String], stdin: String = "") throws -> [String: Int] {
        let trace = home.path("trace.txt")
        let result = try Subprocess.run(SystemCallBudgetTests.strace!, ["-f", "-qq", "-o", trace, BuiltBinary.path] + arguments,
                                        environment: home.environment, stdin: stdin)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        var counted: [String: Int] = [:]
        var started = false
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
            // `12345 name(arguments…) = result`, after the process ID that -f writes.
            let words = line.drop { $0.isNumber }.drop { $0 == " " }
            guard let open = words.firstIndex(of: "("), !words.hasPrefix("<...") else { continue }
            let name = String(words[..<open])
            if !started { started = name == "rt_sigaction" && words.contains("SIGHUP") }
            if started && !["brk", "futex"].contains(name) { counted[name, default: 0] += 1 }
        }
        return counted
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
        expect(try calls(["save", "caches", "x.json"], stdin: #"{"a":1}"#), within: SystemCallBudgetTests.saveNew, "save of a new file")
        expect(try calls(["save", "caches", "x.json"], stdin: #"{"a":2}"#), within: SystemCallBudgetTests.saveOver, "save over a file")
        #expect(home.read("cache/shelf/x.json") == #"{"a":2}"#)
    }

    @Test(.enabled(if: SystemCallBudgetTests.strace != nil, "needs strace(1)"))
    func anAppendOfASmallValue() throws {
        _ = try calls(["append", "caches", "log.jsonl"], stdin: #"{"b":1}"#)
        expect(try calls(["append", "caches", "log.jsonl"], stdin: #"{"b":2}"#), within: SystemCallBudgetTests.append, "append")
        #expect(home.read("cache/shelf/log.jsonl") == "{\"b\":1}\n{\"b\":2}\n")
    }

    @Test(.enabled(if: SystemCallBudgetTests.strace != nil, "needs strace(1)"))
    func aRetrieveOfASmallFile() throws {
        _ = try calls(["save", "caches", "x.json"], stdin: #"{"a":1}"#)
        expect(try calls(["retrieve", "caches", "x.json"]), within: SystemCallBudgetTests.retrieve, "retrieve")
    }

    // shelf's own calls measured in a test home at depth 2 (`/tmp/shelf-test.XXXXXX`), less the
    // two the depth adds back, plus one. Before issue 23 the same four counts were 104, 113, 100
    // and 65: the namespace guard ran twice for each writer (a second climb to the root and a
    // `stat` of every other base folder), each signal handler took two `sigaction`s, `fstatfs` was
    // asked four times for one folder, a JSON check mapped four 1 MiB buffers for 7 bytes, a
    // save looked at its target's name twice at each of two moments, and a small file's two ends
    // were each read with a `pread` of their own.
    /// A new file: the namespace checked once, the temporary file, its check, link and rename.
    static let saveNew = 65
    /// Over a file: also what the old file carries (mode, attributes, expiry) and its lock.
    static let saveOver = 73
    /// To a small JSON Lines file: the journal made, synced and removed around the one write.
    static let append = 67
    /// The namespace checked, the file locked, its snapshot taken, and one `sendfile`.
    static let retrieve = 50
}
