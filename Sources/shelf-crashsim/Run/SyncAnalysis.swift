import ShelfCore

/// `--syncs`: is every `fsync`/`fdatasync` shelf issues needed? Each sync of each scenario's
/// trace is ignored in turn (the k-th sync, as if that one call were missing) and the crash
/// points after it explored again: a sync is shown necessary when some crash image then fails.
/// Per call site: necessary when any of its syncs is; a site never shown necessary is then ignored
/// everywhere at once, and reported removable only if that fails nothing either.
enum SyncAnalysis {
    struct Occurrence {
        let scenario: String
        let index: Int
        let site: String
        let kind: String
        /// The first failure with this sync ignored; nil: none found.
        let failure: Failure?
    }

    static func run(_ scenarios: [Scenario], explorer: Explorer) -> Int32 {
        let machine = explorer.machine
        var occurrences: [Occurrence] = []
        var recordings: [String: Recording] = [:]
        var problems: [String] = []
        for scenario in scenarios {
            Simulator.note("crashsim: syncs of \(scenario.name)…")
            guard let recording = try? machine.record(scenario, model: explorer.settings.model, sites: true) else {
                problems.append("\(scenario.name) did not run")
                continue
            }
            recordings[scenario.name] = recording
            if let failure = explorer.explore(scenario, recording, stopAtFirstFailure: true).failures.first {
                problems.append("\(scenario.name) fails with every sync: \(failure.reason)")
                continue
            }
            var lines: [String] = []
            for (index, operation) in recording.log.operations.enumerated() {
                guard case .sync(let full) = operation.kind else { continue }
                let result = explorer.explore(scenario, recording, ignored: [index], from: index + 1, stopAtFirstFailure: true)
                let kind = (full ? "fsync" : "fdatasync") + (operation.isFolder ? " of a folder" : "")
                let occurrence = Occurrence(scenario: scenario.name, index: index, site: operation.site ?? "unknown", kind: kind,
                                            failure: result.failures.first)
                occurrences.append(occurrence)
                let verdict = occurrence.failure.map { "necessary: at crash point \($0.position), \($0.reason)" } ?? "not shown necessary"
                lines.append("  op \(index + 1) \(operation.summary) [\(occurrence.site)]: \(verdict)")
            }
            print("\(scenario.name):" + (lines.isEmpty ? " no syncs" : ""))
            lines.forEach { print($0) }
        }
        printSites(occurrences, scenarios: scenarios, recordings: recordings, explorer: explorer)
        problems.forEach { print("PROBLEM \($0)") }
        return problems.isEmpty ? 0 : 1
    }

    private static func printSites(_ occurrences: [Occurrence], scenarios: [Scenario], recordings: [String: Recording],
                                   explorer: Explorer) {
        var sites: [String] = []
        for occurrence in occurrences where !sites.contains(occurrence.site) { sites.append(occurrence.site) }
        print("\nper call site:")
        print("site\tcall\tsyncs\tshown necessary by\tverdict")
        var removable: [String] = []
        for site in sites.sorted() {
            let here = occurrences.filter { $0.site == site }
            let necessary = here.filter { $0.failure != nil }
            let users = Set(here.map(\.scenario)).sorted()
            var verdict = "necessary"
            if necessary.isEmpty {
                // Ignored everywhere at once: if that fails nothing either, the model says it can go.
                let together = users.compactMap { name -> Failure? in
                    guard let scenario = scenarios.first(where: { $0.name == name }), let recording = recordings[name] else { return nil }
                    let ignored = Set(recording.log.operations.indices.filter { recording.log.operations[$0].site == site })
                    return explorer.explore(scenario, recording, ignored: ignored, from: ignored.min()! + 1, stopAtFirstFailure: true)
                        .failures.first
                }
                verdict = together.first.map { "necessary only with its other calls (\($0.scenario): \($0.reason))" }
                    ?? "REMOVABLE under the model in every scenario that reaches it"
            }
            if verdict.hasPrefix("REMOVABLE") { removable.append(site) }
            let by = necessary.map { "\($0.scenario)#\($0.index + 1)" }
            let shownBy = by.prefix(4).joined(separator: ", ") + (by.count > 4 ? ", …" : "")
            print("\(site)\t\(here[0].kind)\t\(here.count) in \(users.count) scenarios\t\(shownBy.isEmpty ? "-" : shownBy)\t\(verdict)")
        }
        // Sites that may go one at a time may still be needed together (two syncs of which either
        // suffices): all of them ignored at once, per scenario.
        for scenario in scenarios {
            guard let recording = recordings[scenario.name] else { continue }
            let operations = recording.log.operations
            let ignored = Set(operations.indices.filter { operations[$0].site.map(removable.contains) ?? false })
            let sites = Set(ignored.compactMap { operations[$0].site })
            guard sites.count > 1, let first = ignored.min() else { continue }
            if let failure = explorer.explore(scenario, recording, ignored: ignored, from: first + 1, stopAtFirstFailure: true).failures.first {
                print("NOT REMOVABLE TOGETHER in \(scenario.name): \(sites.sorted().joined(separator: " and ")): \(failure.reason)")
            }
        }
    }
}
