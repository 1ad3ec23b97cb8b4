/// Judging one crash image: a new process boots on it, the next shelf commands look, and the
/// commands of every kind run, each on its own copy.
extension Machine {
    struct Check {
        var failure: String?
        /// What the observation (the recovery it ran) wrote, when asked to record it.
        var recovery: Recorder?
    }

    func check(_ image: Disk, _ scenario: Scenario, allowed: [Golden], model: PersistenceModel, recordRecovery: Bool) -> Check {
        boot(image)
        if recordRecovery {
            kernel.world.recorder = Recorder(model: model)
            kernel.world.recorder!.recordsSites = false
        }
        let (observation, problems) = observe(scenario.observe, time: Clock.observation)
        let recovery = kernel.world.recorder
        if let problem = problems.first { return Check(failure: problem) }
        if let why = scenario.oracle.judge(observation, allowed: allowed)
            ?? Oracle.judgeWhole(scenario.wholeFolders, observation, allowed.map(\.observation))
            ?? Oracle.judgeOneOf(scenario.keepsOneOf, observation) {
            return Check(failure: why + describeDifference(observation, allowed))
        }
        let after = kernel.world.disk
        for (index, command) in scenario.next.enumerated() {
            boot(after)
            let outcome = run(command, time: Clock.observation + 1)
            let expected = Set(allowed.map { $0.nextStatuses[index] })
            if let problem = outcome.problem { return Check(failure: "next command \(command.text): \(problem)") }
            if !expected.contains(outcome.status) {
                let message = String(decoding: outcome.stderr, as: UTF8.self).split(separator: "\n").first ?? ""
                return Check(failure: "next command \(command.text) exited \(outcome.status), not \(expected.sorted()): \(message)")
            }
        }
        return Check(failure: nil, recovery: recovery)
    }

    /// The first label whose value no allowed state has, shown briefly.
    private func describeDifference(_ observation: Observation, _ allowed: [Golden]) -> String {
        for (directory, group) in observation.groups.sorted(by: { $0.key < $1.key }) {
            var labels = Set(group.keys)
            for golden in allowed { if let other = golden.observation.groups[directory] { labels.formUnion(other.keys) } }
            for label in labels.sorted() {
                let seen = group[label]
                let expected = allowed.map { $0.observation.groups[directory]?[label] }
                if expected.contains(seen) { continue }
                let show = { (value: [UInt8]?) in value.map { Machine.brief($0) } ?? "(absent)" }
                var differs = ""
                if let seen, let other = expected.compactMap({ $0 }).last,
                   let at = seen.indices.first(where: { $0 >= other.count || seen[$0] != other[$0] }) ?? (seen.count < other.count ? seen.count : nil) {
                    differs = " (from byte \(at - 2): \(Machine.brief(Array(seen[min(at, seen.count)...]))))"
                }
                return "; \(directory) \(label): \(show(seen))\(differs), expected " + expected.map(show).joined(separator: " or ")
            }
        }
        return ""
    }

    /// Bytes as short printable text.
    static func brief(_ bytes: [UInt8]) -> String {
        let text = bytes.prefix(72).map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : ($0 == 10 ? "⏎" : "\\x" + String($0, radix: 16)) }
        return "'" + text.joined() + (bytes.count > 72 ? "…' (\(bytes.count) bytes)" : "'")
    }

    /// Whether a crash image holds one of shelf's temp files anywhere.
    func hasTempFile(_ disk: Disk) -> Bool {
        let prefix = Array(".shelf-tmp-".utf8)
        var found = false
        disk.walk(from: Disk.root) { _, entry, _, _ in
            found = entry.name.starts(with: prefix)
            return found
        }
        return found
    }
}
