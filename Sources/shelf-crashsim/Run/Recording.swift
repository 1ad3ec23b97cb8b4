import ShelfCore

/// A scenario run once without a crash: the durable state it started from, the log of its steps,
/// and the golden observations before and after each step.
struct Recording {
    let base: Disk
    let log: Recorder
    /// `boundaries[s]`: how many operations the first `s + 1` steps made.
    let boundaries: [Int]
    let goldens: [Golden]
    /// The scenario's known window: from which crash point, in which step, and what it leaves.
    var window: (position: Int, step: Int, golden: Golden)?

    /// How many steps had returned when the first `position` operations were done.
    func acknowledged(at position: Int) -> Int {
        boundaries.filter { $0 <= position }.count
    }

    /// The golden states a crash at `position` may show: the last acknowledged one, and the one
    /// the command under way would have left.
    func allowed(at position: Int) -> [Golden] {
        let done = acknowledged(at: position)
        return Array(goldens[done...min(done + 1, goldens.count - 1)])
    }
}

/// Times the commands are stamped with: setup, steps and observations apart, and fixed, so that
/// a golden state and a crash image stamp alike.
enum Clock {
    static let start = ProcessState.now() - 600
    static func setup(_ index: Int) -> Int64 { start + Int64(index) }
    static func step(_ index: Int) -> Int64 { start + 100 + Int64(index) }
    static let observation = start + 500
}

struct ScenarioFailed: Error, CustomStringConvertible {
    let description: String
}

extension Machine {
    /// Runs `scenario` without a crash, recording its steps.
    func record(_ scenario: Scenario, model: PersistenceModel, sites: Bool) throws -> Recording {
        boot(Machine.freshDisk(secondDeviceLacks: scenario.secondDeviceLacks))
        for (index, command) in scenario.setup.enumerated() {
            try expect(run(command, time: Clock.setup(index)), command, "set-up")
        }
        if let damage = scenario.damage { try inflict(damage) }
        let base = kernel.world.disk
        var goldens = [golden(scenario, base)]
        var recorder = Recorder(model: model)
        recorder.recordsSites = sites
        var boundaries: [Int] = []
        var disk = base
        for (index, command) in scenario.steps.enumerated() {
            boot(disk)
            recorder.step = index
            kernel.world.recorder = recorder
            let outcome = run(command, time: Clock.step(index))
            recorder = kernel.world.recorder!
            disk = kernel.world.disk
            try expect(outcome, command, "step")
            boundaries.append(recorder.operations.count)
            goldens.append(golden(scenario, disk))
        }
        var recording = Recording(base: base, log: recorder, boundaries: boundaries, goldens: goldens)
        if let window = scenario.window, let index = recorder.operations.firstIndex(where: window.after) {
            let point = CrashPoint(log: recorder, position: index + 1, ignored: [], model: model)
            if let picked = point.resolve(point.radices.map { $0 - 1 }) {
                let image = CrashImages.materialize(point, picked, base: base, log: recorder)
                recording.window = (index + 1, recorder.operations[index].step, golden(scenario, image))
            }
        }
        return recording
    }

    /// The observation of `disk`, and the status each next command gets on it.
    private func golden(_ scenario: Scenario, _ disk: Disk) -> Golden {
        boot(disk)
        let (observation, _) = observe(scenario.observe, time: Clock.observation)
        let after = kernel.world.disk
        let statuses = scenario.next.map { command -> Int32 in
            boot(after)
            return run(command, time: Clock.observation + 1).status
        }
        return Golden(observation: observation, nextStatuses: statuses)
    }

    private func expect(_ outcome: Outcome, _ command: Command, _ what: String) throws {
        if let problem = outcome.problem { throw ScenarioFailed(description: "\(what) \(command.text): \(problem)") }
        guard outcome.status == command.expect else {
            let message = String(decoding: outcome.stderr, as: UTF8.self)
            throw ScenarioFailed(description: "\(what) \(command.text) exited \(outcome.status), not \(command.expect): \(message)")
        }
    }

    /// Runs the damage's command, recording, and keeps the disk its cut describes.
    private func inflict(_ damage: Damage) throws {
        let before = kernel.world.disk
        kernel.world.recorder = Recorder(model: .strict)
        kernel.world.recorder!.recordsSites = false
        try expect(run(damage.command, time: Clock.setup(90)), damage.command, "damage")
        let log = kernel.world.recorder!
        let operations = log.operations
        let position: Int
        var lose: (SlotKey) -> Bool = { _ in false }
        switch damage.cut {
        case .tornData:
            guard let write = operations.firstIndex(where: { $0.kind == .write && !$0.summary.contains("/.shelf-") }),
                  let inode = operations[write].inode else { throw ScenarioFailed(description: "damage: no write to a stored file") }
            position = write + 1
            lose = { if case .block(inode, _) = $0 { return true } else { return false } }
        case .commitLost:
            // The commit deletes the journal (cut to length 0 where its name cannot be removed).
            guard let cut = operations.firstIndex(where: { [.remove, .truncate].contains($0.kind) && $0.summary.contains("/.shelf-journal") })
            else {
                throw ScenarioFailed(description: "damage: no journal commit")
            }
            position = cut
        }
        // The damage is a state to start from, built under the strict model whatever is explored.
        let point = CrashPoint(log: log, position: position, ignored: [], model: .strict)
        var choice = point.radices.map { $0 - 1 }
        for (index, slot) in point.dimensions.enumerated() where lose(point.slots[slot].key) { choice[index] = 0 }
        guard let picked = point.resolve(choice) else { throw ScenarioFailed(description: "damage: no such crash image") }
        boot(CrashImages.materialize(point, picked, base: before, log: log))
    }
}
