/// What a power cut after the first `position` operations of a log may leave, as choices: each
/// slot the log touched ends with the value of its last durable unit (or as it was before the
/// log), or with the value of one of the later units that may have reached the disk anyway.
struct CrashPoint {
    /// One value a slot may end with.
    struct Option {
        /// The unit that wrote it; nil: the slot as it was before the log.
        let unit: Int?
        /// Its operation (-1 before the log).
        let op: Int
        let value: SlotValue?
    }

    struct Slot {
        let key: SlotKey
        /// `options[0]` is the durable value; the others may or may not have reached the disk.
        var options: [Option]
    }

    let position: Int
    let slots: [Slot]
    /// The slots a choice picks an option for, by index in `slots` (journal order: data only).
    let dimensions: [Int]
    /// Journal order: the metadata units that may be lost, in order; the first choice of a vector
    /// is how many of them persist.
    let chain: [Int]
    let model: PersistenceModel
    private let units: [Unit]

    /// - Parameter ignored: syncs treated as if they had not happened (a broken build, or the
    ///   sync-necessity analysis).
    init(log: Recorder, position: Int, ignored: Set<Int>, model: PersistenceModel) {
        self.position = position
        self.model = model
        units = log.units
        let forcedBy = CrashPoint.firstForcingSync(log, ignored: ignored, model: model)
        var order: [SlotKey] = []
        var histories: [SlotKey: [Option]] = [:]
        var durable: [SlotKey: Option] = [:]
        var chain: [Int] = []
        for (index, unit) in log.units.enumerated() where unit.op < position {
            let forced = forcedBy[index] < position
            let inChain = model.metadataOrder == .journal && !CrashPoint.isData(unit) && !forced
            if inChain { chain.append(index) }
            for effect in unit.effects {
                if histories[effect.key] == nil && durable[effect.key] == nil { order.append(effect.key) }
                let option = Option(unit: index, op: unit.op, value: effect.value)
                if forced {
                    durable[effect.key] = option
                    histories[effect.key] = []
                } else {
                    histories[effect.key, default: []].append(option)
                }
            }
        }
        var slots: [Slot] = []
        var dimensions: [Int] = []
        for key in order {
            var options = [durable[key] ?? Option(unit: nil, op: -1, value: nil)]
            for option in histories[key] ?? [] {
                // A single-slot unit that leaves the value as it was adds no state.
                if option.value == options.last!.value && log.units[option.unit!].effects.count == 1 { continue }
                options.append(option)
            }
            if options.count > 1 && (model.metadataOrder == .independent || CrashPoint.isData(key)) { dimensions.append(slots.count) }
            slots.append(Slot(key: key, options: options))
        }
        self.slots = slots
        self.dimensions = dimensions
        self.chain = chain
    }

    /// The number of choices of each element of a choice vector.
    var radices: [Int] {
        (model.metadataOrder == .journal ? [chain.count + 1] : []) + dimensions.map { slots[$0].options.count }
    }

    /// The option each slot ends with under `choice`, or nil when the choice breaks a rule (a
    /// rename kept in one folder and lost in the other, a length kept without its data).
    func resolve(_ choice: [Int]) -> [Option]? {
        var picked = slots.map { $0.options[0] }
        var rest = choice[...]
        if model.metadataOrder == .journal {
            let kept = Set(chain.prefix(rest.removeFirst()))
            for (index, slot) in slots.enumerated() where !CrashPoint.isData(slot.key) {
                if let last = slot.options.last(where: { $0.unit.map(kept.contains) ?? false }) { picked[index] = last }
            }
        }
        for (dimension, value) in zip(dimensions, rest) { picked[dimension] = slots[dimension].options[value] }
        return isConsistent(picked) ? picked : nil
    }

    private func isConsistent(_ picked: [Option]) -> Bool {
        var chosenOp: [SlotKey: Int] = [:]
        for (slot, option) in zip(slots, picked) { chosenOp[slot.key] = option.op }
        for option in picked {
            guard let unit = option.unit, units[unit].effects.count > 1 else { continue }
            for effect in units[unit].effects where (chosenOp[effect.key] ?? Int.max) < units[unit].op { return false }
        }
        if !model.lengthWithoutData {
            for (slot, option) in zip(slots, picked) {
                guard case .size(let inode) = slot.key, let unit = option.unit else { continue }
                for other in slots {
                    guard case .block(inode, _) = other.key else { continue }
                    let needed = other.options.last { $0.op <= units[unit].op }?.op ?? -1
                    if (chosenOp[other.key] ?? -1) < needed { return false }
                }
            }
        }
        return true
    }

    static func isData(_ unit: Unit) -> Bool {
        unit.effects.allSatisfy { isData($0.key) }
    }

    static func isData(_ key: SlotKey) -> Bool {
        if case .block = key { return true }
        return false
    }

    /// For each unit, the first sync after it that makes it durable (Int.max: none).
    static func firstForcingSync(_ log: Recorder, ignored: Set<Int>, model: PersistenceModel) -> [Int] {
        var syncs: [(index: Int, inode: Int, full: Bool)] = []
        for (index, operation) in log.operations.enumerated() where !ignored.contains(index) {
            if case .sync(let full) = operation.kind, let inode = operation.inode { syncs.append((index, inode, full)) }
        }
        return log.units.map { unit in
            let journaled = model.metadataOrder == .journal && !isData(unit)
            for sync in syncs where sync.index > unit.op {
                if journaled { return sync.index }
                switch unit.durability {
                case .entries(let folders): if folders.contains(sync.inode) { return sync.index }
                case .data(let inode): if inode == sync.inode { return sync.index }
                case .metadata(let inode): if inode == sync.inode && sync.full { return sync.index }
                }
            }
            return Int.max
        }
    }
}
