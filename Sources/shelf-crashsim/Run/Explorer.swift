/// How much to explore.
struct Settings {
    var model = PersistenceModel.strict
    var limits = CrashImages.Limits()
    /// Crash images explored inside each recovery (a second power cut while repairing).
    var nested = CrashImages.Limits(exhaustive: 16, sampled: 8)
    /// Explore a second crash in at most this many recoveries per scenario.
    var nestedRecoveries = 40
    var seed: UInt64 = 1
}

/// One crash image that broke a promise.
struct Failure {
    let scenario: String
    let position: Int
    let acknowledged: Bool
    /// The operation just before the crash.
    let after: String
    let reason: String
    let replay: String
}

/// What exploring one scenario found.
struct ScenarioResult {
    var operations = 0
    var syncs = 0
    var crashPoints = 0
    /// Distinct crash images over all crash points (an image at two points counts twice).
    var states = 0
    /// Images whose judging ran (the rest had been judged with the same acknowledged state).
    var checked = 0
    var nestedStates = 0
    /// Crash points with more choices than the limit: explored by a seeded sample.
    var sampledPoints = 0
    /// Crash images that showed a hidden temp file (before any command ran), and states where a
    /// move left both the source and the target.
    var tempFilesLeft = 0
    /// Images allowed only as the scenario's known window (`Scenario.window`).
    var inWindow = 0
    var failures: [Failure] = []
}

/// Crashes a recorded scenario after every operation and judges each image.
struct Explorer {
    let machine: Machine
    let settings: Settings

    /// - Parameters:
    ///   - ignored: syncs taken as not done (the sync-necessity analysis).
    ///   - from: the first crash point (earlier ones cannot differ when only later syncs are ignored).
    ///   - stopAtFirstFailure: the analysis only needs to know whether any image fails.
    func explore(_ scenario: Scenario, _ recording: Recording, ignored: Set<Int> = [], from: Int = 0,
                 stopAtFirstFailure: Bool = false) -> ScenarioResult {
        var result = ScenarioResult()
        let log = recording.log
        let ignoredSyncs = ignored.union(settings.model.ignoredSyncs(in: log))
        result.operations = log.operations.count
        result.syncs = log.operations.filter { if case .sync = $0.kind { true } else { false } }.count
        var verdicts: [UInt64: String?] = [:]
        var nestedBudget = settings.nestedRecoveries
        for position in from...log.operations.count {
            result.crashPoints += 1
            let point = CrashPoint(log: log, position: position, ignored: ignoredSyncs, model: settings.model)
            let seed = settings.seed ^ FNV64.of(scenario.name) ^ UInt64(position) &* 0x9E37_79B9
            let (images, total) = CrashImages.generate(point, base: recording.base, log: log, limits: settings.limits, seed: seed)
            if total > settings.limits.exhaustive { result.sampledPoints += 1 }
            let done = recording.acknowledged(at: position)
            let allowed = recording.allowed(at: position)
            for image in images {
                result.states += 1
                let key = image.fingerprint &+ UInt64(done) &* 0x1000_0000_01B3
                let verdict: String?
                if let known = verdicts[key] {
                    verdict = known
                } else {
                    result.checked += 1
                    if machine.hasTempFile(image.disk) { result.tempFilesLeft += 1 }
                    let nested = nestedBudget > 0
                    var check = machine.check(image.disk, scenario, allowed: allowed, model: settings.model, recordRecovery: nested)
                    if nested, check.failure == nil, let recovery = check.recovery, !recovery.operations.isEmpty {
                        nestedBudget -= 1
                        let second = secondCrash(scenario, recovery, base: image.disk, allowed: allowed, seed: seed)
                        result.nestedStates += second.states
                        check.failure = second.failure
                    }
                    if check.failure != nil, let window = recording.window, position >= window.position, done == window.step,
                       machine.check(image.disk, scenario, allowed: allowed + [window.golden], model: settings.model,
                                     recordRecovery: false).failure == nil {
                        result.inWindow += 1
                        check.failure = nil
                    }
                    verdict = check.failure
                    verdicts[key] = verdict
                }
                guard let reason = verdict else { continue }
                let replay = "\(scenario.name):\(position):" + image.choice.map { String($0, radix: 36) }.joined(separator: ".")
                let after = position == 0 ? "(nothing yet)" : log.operations[position - 1].summary
                result.failures.append(Failure(scenario: scenario.name, position: position, acknowledged: done == recording.boundaries.count,
                                               after: after, reason: reason, replay: replay))
                if stopAtFirstFailure { return result }
            }
        }
        return result
    }

    /// Crashes again during the recovery that the observation ran, and judges what the next
    /// observation sees.
    private func secondCrash(_ scenario: Scenario, _ recovery: Recorder, base: Disk, allowed: [Golden],
                             seed: UInt64) -> (states: Int, failure: String?) {
        var states = 0
        for position in 0...recovery.operations.count {
            let point = CrashPoint(log: recovery, position: position, ignored: [], model: settings.model)
            let (images, _) = CrashImages.generate(point, base: base, log: recovery, limits: settings.nested, seed: seed &+ UInt64(position))
            for image in images {
                states += 1
                machine.boot(image.disk)
                let (observation, problems) = machine.observe(scenario.observe, time: Clock.observation + 2)
                let why = problems.first ?? scenario.oracle.judge(observation, allowed: allowed)
                if let why {
                    let during = position == 0 ? "its start" : recovery.operations[position - 1].summary
                    return (states, "after a second crash during recovery (after \(during)): \(why)")
                }
            }
        }
        return (states, nil)
    }
}

extension FNV64 {
    static func of(_ text: String) -> UInt64 {
        var hash = FNV64()
        hash.bytes(Array(text.utf8))
        return hash.value
    }
}
