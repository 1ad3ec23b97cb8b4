import Foundation
import Testing

/// Runs the built `shelf` binary as a user would and checks stdout, stderr and status apart
/// (what it prints for --version and help is UsageTests', in process: the same code).
@Suite struct EndToEndTests {
    let home = TestHome()

    func shelf(_ arguments: [String], stdin: String = "") throws -> Subprocess.Result {
        try Subprocess.run(BuiltBinary.path, arguments, environment: home.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
                           stdin: stdin)
    }

    @Test func pipeInPipeOut() throws {
        let saved = try shelf(["save", "caches", "feeds/today.json"], stdin: "{\"title\":\"t\"}")
        #expect(saved.status == 0 && saved.stdout.isEmpty && saved.stderr.isEmpty)
        let read = try shelf(["retrieve", "caches", "feeds/today.json"])
        #expect(read.status == 0)
        #expect(read.stdout == "{\"title\":\"t\"}")
        #expect(read.stderr.isEmpty)
    }

    @Test func errorsGoToStderrWithSysexitsStatus() throws {
        let missing = try shelf(["retrieve", "caches", "none"])
        #expect(missing.status == 66 && missing.stdout.isEmpty)
        #expect(missing.stderr.hasPrefix("shelf: retrieve: "))
        let usage = try shelf(["bogus"])
        #expect(usage.status == 64 && usage.stdout.isEmpty && !usage.stderr.isEmpty)
        let bad = try shelf(["save", "caches", "x.json"], stdin: "{")
        #expect(bad.status == 65 && bad.stdout.isEmpty)
    }

    /// Past `ulimit -f` the write fails (EFBIG) instead of SIGXFSZ killing shelf: exit 74, no temp file,
    /// and a file saved before keeps its old bytes (the spliced pipe save loses nothing).
    @Test func fileSizeLimitIsAnIOErrorThatLeavesNothing() throws {
        #expect(home.run(["save", "caches", "kept.bin"], stdin: "old").status == 0)
        let result = try home.sh("ulimit -f 100 && head -c 1000000 /dev/zero | \"$S\" save caches big.bin")
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("too large"))
        #expect(!home.exists("cache/shelf/big.bin"))
        #expect(try home.sh("ulimit -f 100 && head -c 1000000 /dev/zero | \"$S\" save caches kept.bin").status == 74)
        #expect(home.read("cache/shelf/kept.bin") == "old")
        #expect(home.shelfLeftovers().isEmpty)
    }
}
