import Glibc
import ShelfTestSupport

/// Recovery after a reboot (issue 21, item 1): an append is killed with its journal record
/// durable and the file torn, the store's file system is unmounted and mounted again the way a
/// reboot may bring it back, and only then does shelf see the file. It must roll the torn append
/// back. The ways back: the same ext4 image through another loop device (another device number),
/// the same with 128-byte inodes (no birth time: the handle's generation tells), and a bindfs
/// (libfuse) mount mounted again after other files were looked up (other node numbers: other
/// handles; no birth time). The group `remount-inodes` does the same where inode numbers are made
/// up at each mount (issue 21, item 1): a FAT image mounted again, sshfs and unionfs-fuse mounted
/// again after other files took the old node numbers. There the record's evidence alone decides.
enum RemountScenarios {
    enum Way: String, CaseIterable {
        case loop = "another loop device", smallInodes = "another loop device, 128-byte inodes", bindfs = "bindfs mounted again"
        case fat = "FAT image mounted again", sshfs = "sshfs mounted again", unionfs = "unionfs-fuse mounted again"

        /// Why this way cannot be taken here, or nil.
        var unavailable: String? {
            switch self {
            case .loop, .smallInodes: return ScratchDisks.loopUnavailable(PrivateMount.reasonUnavailable)
            case .bindfs: return ScratchDisks.fuseUnavailable(PrivateMount.reasonUnavailable)
            case .fat: return ScratchDisks.fatUnavailable(PrivateMount.reasonUnavailable)
            case .sshfs: return ScratchDisks.fuseUnavailable(PrivateMount.reasonUnavailable, daemon: "sshfs")
            case .unionfs: return ScratchDisks.fuseUnavailable(PrivateMount.reasonUnavailable, daemon: "unionfs")
            }
        }

        /// Whether the file system makes its inode numbers up at each mount.
        var madeUpInodes: Bool { [.fat, .sshfs, .unionfs].contains(self) }
    }
    static let points = ["partial-data", "journal", "data", "rollback"]

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [group(battery, "remount", ways: [.loop, .smallInodes, .bindfs],
               checked: "append killed (record durable), file system mounted again under another device number or FUSE session, then read: the torn file is rolled back, the finished one kept")]
    }

    /// The `remount-inodes` group.
    static func runMadeUpInodes(_ battery: Battery) -> [ScenarioReport] {
        [group(battery, "remount: made-up inodes", ways: [.fat, .sshfs, .unionfs],
               checked: "append killed (record durable), FAT, sshfs or unionfs-fuse mounted again (the file gets another inode number), then read: the torn file is rolled back, the finished one kept")]
    }

    static func group(_ battery: Battery, _ name: String, ways: [Way], checked: String) -> ScenarioReport {
        battery.scenario(name, checked: checked) { report in
            var rng = battery.random(for: name == "remount" ? "remount" : "remount-inodes")
            var skipped: [String] = []
            for way in ways {
                if let reason = way.unavailable {
                    skipped.append("\(way.rawValue): \(reason)")
                    continue
                }
                for round in 0..<(battery.full ? 3 : 1) {
                    for point in points {
                        for kind in GenerationScenarios.Kind.allCases {
                            let problems = try attack(battery, way: way, point: point, kind: kind, &rng)
                            report.record(problems, run: "round \(round) \(kind) killed at \(point), \(way.rawValue)")
                        }
                    }
                }
            }
            if skipped.count == ways.count { report.skipped = skipped.joined(separator: "; ") }
            else { for reason in skipped { report.note("skipped: \(reason)") } }
        }
    }

    /// One run: a fresh file system holding the `caches` store.
    static func attack(_ battery: Battery, way: Way, point: String, kind: GenerationScenarios.Kind, _ rng: inout SeededRandom) throws -> [String] {
        let sandbox = try Sandbox(label: "remount")
        defer { sandbox.destroy() }
        let store = sandbox.path("cache")
        var remount: () throws -> Void
        var release: () -> Void
        switch way {
        case .loop, .smallInodes, .fat:
            let disk = try LoopImage(image: sandbox.path("disk.img"), mountPoint: store, mkfsOptions: way == .smallInodes ? ["-I", "128"] : [], fat: way == .fat)
            release = disk.release
            try disk.mountOnNewDevice()
            remount = {
                try disk.unmount()
                try disk.mountOnNewDevice()
            }
        case .bindfs, .sshfs, .unionfs:
            let command = way == .bindfs ? nil : try ScratchDisks.command(way == .sshfs ? "sshfs" : "unionfs", source: sandbox.path("under"), mountPoint: store)
            let fuse = try FuseMount(source: sandbox.path("under"), mountPoint: store, command: command)
            release = fuse.release
            remount = {
                try fuse.unmount()
                // Files looked up first in the new session take the node numbers the old one gave.
                mkdir(sandbox.path("under/shelf"), 0o755)
                for n in 0..<8 { try Sandbox.writeFile(sandbox.path("under/shelf/other\(n)"), []) }
                try fuse.mount()
                for n in 0..<8 { _ = Sandbox.readFile(store + "/shelf/other\(n)") }
            }
        }
        defer { release() }
        let name = "r.\(kind.rawValue)", file = sandbox.namespace("caches") + "/" + name
        let (old, item) = GenerationScenarios.contents(kind, &rng)
        var checks = Checks()
        let saved = try battery.shelf.run(["save", "caches", name], in: sandbox, input: .bytes(old))
        guard saved.status == 0 else { return ["save: \(saved.summary)"] }
        var killed = try battery.shelf.run(["append", "caches", name], in: sandbox, input: .bytes(item),
                                           environment: [Failpoints.variable: point == "rollback" ? "partial-data" : point])
        guard killed.signal == SIGKILL else { return ["the append armed to die at \(point) did not: \(killed.summary)"] }
        if point == "rollback" {
            // The next append's recovery killed half-way (old tail back, file not yet cut): the record stays.
            killed = try battery.shelf.run(["append", "caches", name], in: sandbox, input: .bytes(item), environment: [Failpoints.variable: "rollback"])
            guard killed.signal == SIGKILL else { return ["the recovery armed to die at rollback did not: \(killed.summary)"] }
        }
        let before = ScratchDisks.device(of: store), inode = ScratchDisks.inode(of: file)
        try remount()
        if way == .loop || way == .smallInodes, ScratchDisks.device(of: store) == before { checks.add("the second mount has the same device number: nothing tested") }
        if way.madeUpInodes, ScratchDisks.inode(of: file) == inode { checks.add("the file kept its inode number across the remount: nothing tested") }
        let read = try battery.shelf.run(["retrieve", "caches", name], in: sandbox)
        checks.expect(read, in: [0], "retrieve after the remount")
        let appended = kind == .array ? Array(old.dropLast()) + [UInt8(ascii: ",")] + item + [UInt8(ascii: "]")] : old + item
        let expected = point == "data" ? appended : old
        checks.expect(read.stdout == expected, "retrieve gave \(read.stdout.count) bytes, not the \(expected.count) of the \(point == "data" ? "finished append" : "file before the killed append"): the journal record was not recognised after the remount")
        let more = GenerationScenarios.contents(kind, &rng).1
        let next = try battery.shelf.run(["append", "caches", name], in: sandbox, input: .bytes(more))
        checks.expect(next, in: [0], "append after the recovery")
        let whole = kind == .array ? Array(expected.dropLast()) + [UInt8(ascii: ",")] + more + [UInt8(ascii: "]")] : expected + more
        checks.expect(Sandbox.readFile(file) == whole, "after one more append the file is not the recovered one plus the item")
        return checks.problems
    }
}
