import Foundation
import Testing

/// Until `main` the executable lends one entry of its environment to a setting for the Swift
/// runtime (its backtracer off: no search for `swift-backtrace` on every run, CShelfStart.c), and
/// `main` puts it back first thing. Programs shelf starts must get the environment exactly as
/// shelf was given it, entry for entry (shelf passes it on sorted by name); and a SWIFT_BACKTRACE
/// of the user's own is left alone. Without the putting back, the lent entry (the last here) would reach the child as
/// the runtime's setting.
extension DuplicateEnvironmentTests {
    /// The environment `--from-command env` stores, one entry a line.
    func environmentOfAChild(given environment: [[UInt8]]) throws -> [String] {
        let env = try #require(Subprocess.which("env"), "needs env(1)")
        let result = try run(["save", "caches", "env.txt", "--from-command", "--", env], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return home.read("cache/shelf/env.txt")?.split(separator: "\n").map(String.init) ?? []
    }

    var givenEnvironment: [String] {
        ["HOME=\(home.root)", "XDG_CACHE_HOME=\(home.path("cache"))", "LANG=C", "SHELF_TEST_LAST=the lent entry"]
    }

    /// As given: no runtime setting of shelf's own (SWIFT_BACKTRACE) added; the shell's `_`, also
    /// lent, put back too; the user's own backtrace setting kept.
    @Test(arguments: [[], ["_=/bin/shelf"], ["SWIFT_BACKTRACE=enable=no"]])
    func programsShelfStartsGetTheEnvironmentAsGiven(_ extra: [String]) throws {
        let given = givenEnvironment + extra
        let seen = try environmentOfAChild(given: given.map { Array($0.utf8) })
        #expect(seen == given.sorted(), "the child's environment: \(seen)")
    }
}
