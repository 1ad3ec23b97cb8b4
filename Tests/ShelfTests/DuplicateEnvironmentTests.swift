import Foundation
import ShelfTestSupport
import Testing

/// A process may receive a variable more than once (execve takes any list). shelf reads the last
/// copy, as it always has; but a copy that is not valid UTF-8 refuses the variable, whichever it
/// is, since other programs (`getenv` reads the first) would use that folder. Found by an outside
/// attack on the lookup by name: it read the last copy only, and used `/ok` where the first said
/// `/\xFF`. And every copy of SHELF_UPDATE_LOCKS counts, so a nested shelf never waits on its own
/// ancestor's lock.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: BuiltBinary.path)))
struct DuplicateEnvironmentTests {
    let home = TestHome()

    /// Runs the built binary with exactly `environment`, byte for byte. A run that would wait
    /// forever (the bug the lock test looks for) is killed after a minute, and fails its test.
    func run(_ arguments: [String], environment: [[UInt8]], stdin: String = "") throws -> CLIResult {
        let child = try Child(([BuiltBinary.path] + arguments).map { Array($0.utf8) }, environment: [:], rawEnvironment: environment,
                              input: .bytes(Array(stdin.utf8)), closingOthers: true)
        let result = child.wait(timeout: 60)
        return CLIResult(status: result.timedOut ? -1 : result.status, stdout: result.out, stderr: result.err)
    }

    func entry(_ name: String, _ value: [UInt8]) -> [UInt8] { Array((name + "=").utf8) + value }

    @Test func aCopyThatIsNotTextRefusesTheVariableWhereverItStandsElseTheLastCounts() throws {
        let good = Array(home.path("ok").utf8), bad = Array(home.path("c").utf8) + [0xFF]
        for variable in ["XDG_CACHE_HOME", "HOME"] {
            for order in [[bad, good], [good, bad], [good, bad, good]] {
                var environment = [entry("HOME", Array(home.root.utf8))] + order.map { entry(variable, $0) }
                if variable == "HOME" { environment.removeFirst() }
                let result = try run(["path", "caches"], environment: environment)
                #expect(result.status == 64, "\(variable) \(order.count) copies: \(result.status) \(result.stdout)")
                #expect(result.stderr.contains("not valid UTF-8"), "\(result.stderr)")
            }
        }
        // Copies that are all text: the last one.
        let environment = [entry("HOME", Array(home.root.utf8)), entry("XDG_CACHE_HOME", Array(home.path("first").utf8)),
                           entry("XDG_CACHE_HOME", Array(home.path("last").utf8))]
        #expect(try run(["path", "caches"], environment: environment).stdout == home.path("last/shelf") + "\n")
    }

    @Test func everyCopyOfTheUpdateLocksCounts() throws {
        #expect(home.run(["save", "caches", "f.json"], stdin: "[]").status == 0)
        // The lock an `update` would hold while its program runs.
        let file = open(home.path("cache/shelf/f.json"), O_RDONLY)
        defer { close(file) }
        #expect(flock(file, LOCK_EX) == 0)
        var st = stat()
        #expect(fstat(file, &st) == 0)
        let held = Array("\(st.st_dev):\(st.st_ino)".utf8)
        let base = home.environment.map { entry($0.key, Array($0.value.utf8)) }
        for locks in [[held, Array("garbage".utf8)], [Array("garbage".utf8), held]] {
            // A shelf that would wait for a lock an ancestor holds fails at once (74) instead.
            let result = try run(["append", "caches", "f.json"], environment: base + locks.map { entry("SHELF_UPDATE_LOCKS", $0) },
                                 stdin: "1")
            #expect(result.status == 74, "\(result.status): \(result.stderr)")
        }
    }
}
