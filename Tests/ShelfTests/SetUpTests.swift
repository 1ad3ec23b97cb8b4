import Foundation
import Testing

/// Issue 22 item 19: what a new user meets first. `make demo` runs scripts/demo.sh, which must show
/// what each step means to show (it showed a usage error where it meant to show expiry), and
/// `make help` must promise a time for `make test` that holds.
@Suite struct SetUpTests {
    let home = TestHome()

    /// The demo's output, one block per step: the command after `$ `, then what it printed.
    func demoSteps() throws -> [(command: String, output: String)] {
        let result = try Subprocess.run("/bin/sh", ["scripts/demo.sh", BuiltBinary.path],
                                        environment: ["PATH": "/usr/bin:/bin", "TMPDIR": home.root],
                                        directory: Subprocess.repository.path)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.components(separatedBy: "\n$ ").dropFirst().map { block in
            let lines = block.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(lines[0]), lines.count > 1 ? String(lines[1]) : "")
        }
    }

    /// What each step must print (all of it, in these pieces), by the start of its command; a step
    /// not named here must print no failure.
    static let expected: [(String, [String])] = [
        ("echo '{\"title\": \"Hello\"", ["/.cache/shelf/feeds/today.json\n"]),
        ("shelf retrieve caches feeds/today.json", ["{\"title\": \"Hello\", \"items\": [1, 2, 3]}"]),
        ("shelf exists caches feeds/today.json && echo present", ["present"]),
        ("echo '{\"broken\": '", ["not valid JSON", "Fix the input", "(exit 65)"]),
        ("shelf retrieve documents log.json --each", ["{\"at\":1,\"ok\":true}\n{\"at\":2,\"ok\":false}\n{\"at\":3,\"ok\":true}\n"]),
        ("shelf save caches ../escape.txt", ["invalid name '../escape.txt'", "(exit 64)"]),
        ("shelf list -R documents", ["log.json\nnotes/\nnotes/todo.txt\nshots/\nshots/0\n"]),
        ("shelf retrieve caches token", ["expired at", "--allow-expired", "(exit 3)"]),
        ("shelf list -l caches", [" (expired)\tbackup\ttoken\n"]),
        ("shelf clear caches --expired --verbose", ["token\n"]),
        ("shelf exists caches feeds/today.json || echo gone", ["gone"]),
    ]

    @Test func theDemoShowsWhatEachStepMeansTo() throws {
        let steps = try demoSteps()
        #expect(steps.count == 22, "\(steps.map(\.command))")
        for (command, output) in steps {
            #expect(!output.contains("usage:"), "\(command): \(output)")
            let pieces = SetUpTests.expected.first { command.hasPrefix($0.0) }?.1
            for piece in pieces ?? [] { #expect(output.contains(piece), "\(command): \(output)") }
            if pieces == nil { #expect(!output.contains("(exit") && !output.contains("shelf: "), "\(command): \(output)") }
        }
        // Every expected step ran.
        for (start, _) in SetUpTests.expected { #expect(steps.contains { $0.command.hasPrefix(start) }, "\(start)") }
    }

    /// The promise `make help` and the README make for `make test` is the measured time, rounded
    /// up: 439 s on a two-core machine (the Makefile records the measurement beside the target).
    @Test func makeTestPromisesTheTimeItTakes() throws {
        let makefile = try Subprocess.read("Makefile")
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("test: ##") })
        let promise = try #require(line.range(of: "about \\d+ minutes on two cores", options: .regularExpression).map { String(line[$0]) })
        let minutes = try #require(Int(promise.split(separator: " ")[1]))
        let measured = try #require(makefile.range(of: "measured: \\d+ s", options: .regularExpression).map { makefile[$0] })
        let seconds = try #require(Int(measured.split(separator: " ")[1]))
        #expect(minutes * 60 >= seconds && minutes * 60 < seconds + 120, "\(promise) for \(seconds) s")
        #expect(try Subprocess.read("README.md").contains("make test") && (try Subprocess.read("README.md")).contains(promise))
    }
}
