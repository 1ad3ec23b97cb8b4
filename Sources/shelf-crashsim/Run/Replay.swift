/// `--replay scenario:position:choice`: rebuilds one crash image from a failure line and judges it
/// again, showing the operations up to the crash and what the power cut kept or lost of each.
enum Replay {
    static func run(_ token: String, explorer: Explorer) -> Int32 {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let position = Int(parts[1]),
              let scenario = Scenarios.all.first(where: { $0.name == parts[0] }) else {
            Simulator.note("--replay takes scenario:position:choice, as a failure line prints it")
            return 64
        }
        let choice = parts[2].isEmpty ? [] : parts[2].split(separator: ".").compactMap { Int($0, radix: 36) }
        let machine = explorer.machine
        let settings = explorer.settings
        do {
            let recording = try machine.record(scenario, model: settings.model, sites: true)
            let log = recording.log
            guard position <= log.operations.count else {
                Simulator.note("\(scenario.name) has \(log.operations.count) operations; no crash point \(position)")
                return 64
            }
            let ignored = settings.model.ignoredSyncs(in: log)
            let point = CrashPoint(log: log, position: position, ignored: ignored, model: settings.model)
            guard choice.count == point.radices.count, zip(choice, point.radices).allSatisfy({ $0 < $1 }),
                  let picked = point.resolve(choice) else {
                Simulator.note("the choice does not fit crash point \(position) of \(scenario.name) (radices \(point.radices))")
                return 64
            }
            print("\(scenario.name): \(scenario.summary)")
            for (index, operation) in log.operations.enumerated() {
                let mark = index < position ? "   " : " ✗ "
                let site = operation.site.map { "  [\($0)]" } ?? ""
                let skipped = ignored.contains(index) ? "  (ignored: broken build)" : ""
                print("\(mark)\(index + 1). step \(operation.step + 1): \(operation.summary)\(site)\(skipped)")
            }
            print("power cut after operation \(position); of what was not yet durable:")
            for (slot, option) in zip(point.slots, picked) where slot.options.count > 1 {
                let latest = slot.options.last!
                let kept = option.unit == latest.unit ? "kept" : option.unit == nil ? "lost (as before)" : "partly kept"
                let made = latest.unit.map { log.operations[log.units[$0].op].summary } ?? "?"
                print("   \(describe(slot.key)): \(kept)  — from: \(made)")
            }
            let image = CrashImages.materialize(point, picked, base: recording.base, log: log)
            let check = machine.check(image, scenario, allowed: recording.allowed(at: position), model: settings.model, recordRecovery: false)
            print(check.failure.map { "FAIL: \($0)" } ?? "passes: the next commands see an allowed state")
            return check.failure == nil ? 0 : 1
        } catch {
            Simulator.note("\(scenario.name): \(error)")
            return 1
        }
    }

    static func describe(_ key: SlotKey) -> String {
        switch key {
        case .entry(let folder, let name): "entry '\(String(decoding: name, as: UTF8.self))' in folder #\(folder)"
        case .size(let inode): "length of #\(inode)"
        case .block(let inode, let block): "block \(block) of #\(inode)"
        case .mode(let inode): "mode of #\(inode)"
        case .times(let inode): "times of #\(inode)"
        case .attribute(let inode, let name): "attribute \(String(decoding: name, as: UTF8.self)) of #\(inode)"
        }
    }
}
