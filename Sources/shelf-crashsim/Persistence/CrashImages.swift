/// The distinct disks a power cut at one crash point may leave: all of them when the choices are
/// few, else a seeded sample that always holds the extremes (nothing lost, everything lost) and
/// each single piece lost or kept alone.
struct CrashImages {
    struct Image {
        /// The choice vector that builds it (`CrashPoint.resolve`), which a replay gives back.
        let choice: [Int]
        let disk: Disk
        let fingerprint: UInt64
    }

    /// How many choice vectors a crash point may try, and up to how many it takes all of.
    struct Limits {
        var exhaustive = 256
        var sampled = 48
    }

    /// The images, without duplicates, in a fixed order for a given seed.
    static func generate(_ point: CrashPoint, base: Disk, log: Recorder, limits: Limits, seed: UInt64) -> (images: [Image], total: Int) {
        let radices = point.radices
        var total = 1
        for radix in radices { total = total.multipliedReportingOverflow(by: radix).overflow ? Int.max : total * radix }
        var choices: [[Int]] = []
        if total <= limits.exhaustive {
            var choice = radices.map { _ in 0 }
            for _ in 0..<total {
                choices.append(choice)
                for index in choice.indices {
                    choice[index] += 1
                    if choice[index] < radices[index] { break }
                    choice[index] = 0
                }
            }
        } else {
            choices = structured(radices)
            var random = SplitMix(seed: seed)
            while choices.count < limits.sampled + radices.count * 2 + 2 {
                choices.append(radices.map { Int(random.next() % UInt64($0)) })
            }
        }
        var seen: Set<UInt64> = []
        var images: [Image] = []
        for choice in choices {
            guard let picked = point.resolve(choice) else { continue }
            let disk = materialize(point, picked, base: base, log: log)
            let fingerprint = disk.fingerprint()
            if seen.insert(fingerprint).inserted { images.append(Image(choice: choice, disk: disk, fingerprint: fingerprint)) }
        }
        return (images, total)
    }

    /// Everything kept, everything lost, and each choice alone changed from either.
    private static func structured(_ radices: [Int]) -> [[Int]] {
        let latest = radices.map { $0 - 1 }
        let earliest = radices.map { _ in 0 }
        var choices = [latest, earliest]
        for index in radices.indices {
            var lost = latest
            lost[index] = 0
            var kept = earliest
            kept[index] = radices[index] - 1
            choices += [lost, kept]
        }
        return choices
    }

    /// Builds the disk `picked` describes: the log's base, the inodes made since, and each slot's value.
    static func materialize(_ point: CrashPoint, _ picked: [CrashPoint.Option], base: Disk, log: Recorder) -> Disk {
        var disk = base
        for (inode, shell) in log.created where disk.inodes[inode] == nil { disk.inodes[inode] = shell }
        disk.nextInode = max(disk.nextInode, (log.created.keys.max() ?? 0) + 1)
        var blocks: [Int: [(Int, [UInt8])]] = [:]
        var sizes: [Int: Int] = [:]
        for (slot, option) in zip(point.slots, picked) {
            guard let value = option.value else { continue }
            switch (slot.key, value) {
            case (.entry(let folder, let name), .entry(let inode)): disk[folder].setEntry(name, to: inode)
            case (.size(let inode), .size(let size)): sizes[inode] = size
            case (.block(let inode, let index), .block(let bytes)): blocks[inode, default: []].append((index, bytes))
            case (.mode(let inode), .mode(let mode)): disk[inode].mode = mode
            case (.times(let inode), .times(let time)): disk[inode].modified = time
            case (.attribute(let inode, let name), .attribute(let bytes)): disk[inode].setAttribute(name, to: bytes)
            default: preconditionFailure("slot and value of different kinds")
            }
        }
        let blockSize = point.model.blockSize
        for inode in Set(blocks.keys).union(sizes.keys) {
            let size = sizes[inode] ?? disk[inode].data.count
            for (index, bytes) in blocks[inode] ?? [] {
                let start = index * blockSize
                if disk[inode].data.count < start + blockSize {
                    disk[inode].data.append(contentsOf: repeatElement(0, count: start + blockSize - disk[inode].data.count))
                }
                // The whole block is written: past the snapshot's end it held zeros.
                disk[inode].data.replaceSubrange(start..<(start + blockSize), with: bytes + repeatElement(0, count: blockSize - bytes.count))
            }
            if disk[inode].data.count > size {
                disk[inode].data.removeSubrange(size...)
            } else {
                disk[inode].data.append(contentsOf: repeatElement(0, count: size - disk[inode].data.count))
            }
        }
        disk.recount()
        return disk
    }
}

/// A small seeded generator (SplitMix64): the same seed gives the same sample on every machine.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
