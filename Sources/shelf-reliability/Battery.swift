import Foundation

/// What every scenario runs with: the binary, the seed, how thorough to be, where to log.
struct Battery {
    let shelf: ShelfBinary
    let seed: UInt64
    /// `make check-reliability` (true) or the shorter run inside `make test` (false).
    let full: Bool
    let fixtures: String
    /// Put before every scenario's name: a group run again in another setting (`network fs: `).
    var prefix = ""

    func random(for scenario: String) -> SeededRandom { SeededRandom(seed: seed, scenario: scenario) }

    /// Progress on stderr, so that stdout holds only the summary.
    func log(_ text: String) {
        FileHandle.standardError.write(Data(("  " + text + "\n").utf8))
    }

    /// Runs `body` against a fresh report, timing it; a harness error becomes a failure.
    func scenario(_ name: String, checked: String, _ body: (ScenarioReport) throws -> Void) -> ScenarioReport {
        let report = ScenarioReport(prefix + name, checked: checked)
        let start = Date()
        FileHandle.standardError.write(Data("\(report.name)…\n".utf8))
        do {
            try body(report)
        } catch {
            report.record(["harness error: \(error)"], run: "setup")
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// `scenario` with a fresh sandbox labelled `label`, removed once the body is done.
    func scenario(_ name: String, checked: String, sandbox label: String, _ body: (ScenarioReport, Sandbox) throws -> Void) -> ScenarioReport {
        scenario(name, checked: checked) { report in
            let sandbox = try Sandbox(label: label)
            defer { sandbox.destroy() }
            try body(report, sandbox)
        }
    }
}

/// Every scenario, in the order the battery runs them.
enum Scenarios {
    static var all: [(name: String, run: (Battery) -> [ScenarioReport])] {
        [
        ("crash", CrashScenarios.run),
        ("concurrency", ConcurrencyScenarios.run),
        ("full-disk", FullDiskScenarios.run),
        ("permissions", PermissionScenarios.run),
        ("hostile-paths", HostilePathScenarios.run),
        ("hostile-json", HostileJSONScenarios.run),
        ("argv-fuzz", ArgvFuzzScenarios.run),
        ("generation", GenerationScenarios.run),
        ("remount", RemountScenarios.run),
        ("remount-inodes", RemountScenarios.runMadeUpInodes),
        ("libfuse", LibfuseScenarios.run),
        ("owned-names", OwnedNameScenarios.run),
        ("write-races", WriteRaceScenarios.run),
        ("force-merges", ForceMergeScenarios.run),
        ("signals", SignalScenarios.run),
        ("descriptors", ClosedDescriptorScenarios.run),
        ("unwritable-stdout", UnwritableOutputScenarios.run),
        ("namespaces", NamespaceOverlapScenarios.run),
        ("lock-waits", LockWaitScenarios.run),
        ("program-writes", ProgramWriteScenarios.run),
        ("limits", { DepthScenarios.run($0) + ArrayBlankScenarios.limits($0) }),
        ("byte-exactness", ByteExactScenarios.run),
        ("network-fs", NetworkFileSystemScenarios.run),
        ("outside-extremes", { OutsideValueScenarios.run($0) + JournalExtremeScenarios.run($0) }),
        ("hostile-names", HostileNameScenarios.run),
        ("second-user", SecondUserScenarios.run),
        ("root-spellings", RootSpellingScenarios.run),
        ("removed-while-running", RemovedWhileRunningScenarios.run),
        ]
    }
}
