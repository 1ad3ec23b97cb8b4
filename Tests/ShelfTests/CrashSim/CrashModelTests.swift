import ShelfCore
@testable import shelf_crashsim
import Testing

/// The power-loss simulator's persistence model (docs/reliability.md, "Power loss") on small
/// logs made by calling its model kernel directly (never installed: tests share one process).
@Suite struct CrashModelTests {
    private let a = [UInt8](repeating: UInt8(ascii: "a"), count: 5000)

    /// A model kernel on a fresh disk, recording from now on; and that disk, durable.
    private func recording(_ model: PersistenceModel = .strict, prepare: (ModelKernel) throws -> Void = { _ in }) throws -> (ModelKernel, Disk) {
        let kernel = ModelKernel(world: World(disk: Machine.freshDisk(),
                                              now: FileTime(seconds: 1, nanoseconds: 0), owner: 0))
        kernel.world.startProcess(input: [])
        try prepare(kernel)
        kernel.world.recorder = Recorder(model: model)
        kernel.world.recorder!.recordsSites = false
        return (kernel, kernel.world.disk)
    }

    /// What each of `paths` holds (nil: absent) in every crash image after the first `position` operations.
    private func outcomes(_ kernel: ModelKernel, _ base: Disk, at position: Int, _ paths: [String],
                          model: PersistenceModel = .strict) -> Set<[[UInt8]?]> {
        let log = kernel.world.recorder!
        let point = CrashPoint(log: log, position: position, ignored: model.ignoredSyncs(in: log), model: model)
        let images = CrashImages.generate(point, base: base, log: log, limits: .init(exhaustive: 4096, sampled: 0), seed: 1).images
        return Set(images.map { image in
            let world = World(disk: image.disk, now: kernel.world.now, owner: 0)
            return paths.map { path in (try? world.existing(Array(path.utf8), in: nil, followFinal: false).1).map { world.disk[$0].data } }
        })
    }

    private func write(_ kernel: ModelKernel, _ path: String, _ bytes: [UInt8], sync: Bool = false) throws {
        let fd = try kernel.open(SystemString(path), in: nil, [.writeOnly, .create], permissions: 0o600)
        _ = try bytes.withUnsafeBytes { try kernel.write(fd, at: nil, $0) }
        if sync { try kernel.sync(fd, dataOnly: false) }
        kernel.close(fd)
    }

    private func syncFolder(_ kernel: ModelKernel, _ path: String) throws {
        let fd = try kernel.open(SystemString(path), in: nil, [.readOnly, .folder], permissions: 0)
        try kernel.sync(fd, dataOnly: false)
        kernel.close(fd)
    }

    @Test func anUnsyncedNewFileMayBeLostEmptyOrKeptBlockByBlock() throws {
        let (kernel, base) = try recording()
        try write(kernel, "/home/u/f", a)
        let zeros = [UInt8](repeating: 0, count: 4096), tail = [UInt8](repeating: 0, count: 904)
        let kept = Set(outcomes(kernel, base, at: 2, ["/home/u/f"]).map { $0[0] })
        #expect(kept == [nil, [], zeros + tail, Array(a[..<4096]) + tail, zeros + a[4096...], a])
    }

    @Test func aSyncedFileKeepsItsDataButItsNameNeedsTheFolderSync() throws {
        let (kernel, base) = try recording()
        try write(kernel, "/home/u/f", a, sync: true)
        #expect(outcomes(kernel, base, at: 3, ["/home/u/f"]) == [[nil], [a]])
        try syncFolder(kernel, "/home/u")
        #expect(outcomes(kernel, base, at: 4, ["/home/u/f"]) == [[a]])
    }

    @Test func aRenameBetweenFoldersMayKeepBothNamesButNeverNeither() throws {
        let (kernel, base) = try recording { kernel in
            try write(kernel, "/home/u/f", a, sync: true)
            try kernel.makeFolder("/home/u/sub", in: nil, permissions: 0o700)
        }
        try kernel.rename("/home/u/f", in: nil, to: "/home/u/sub/g", in: nil, [])
        #expect(outcomes(kernel, base, at: 1, ["/home/u/f", "/home/u/sub/g"]) == [[a, nil], [nil, a], [a, a]])
        try syncFolder(kernel, "/home/u/sub")
        #expect(outcomes(kernel, base, at: 2, ["/home/u/f", "/home/u/sub/g"]) == [[nil, a], [a, a]])
        try syncFolder(kernel, "/home/u")
        #expect(outcomes(kernel, base, at: 3, ["/home/u/f", "/home/u/sub/g"]) == [[nil, a]])
    }

    @Test func theJournalModelKeepsMetadataInOrderAndCommitsItOnAnySync() throws {
        let (kernel, base) = try recording(.ext4)
        try write(kernel, "/home/u/first", [1])
        try write(kernel, "/home/u/second", [2])
        let names = ["/home/u/first", "/home/u/second"]
        // Without data=ordered's guarantee a kept length could show a zero; with it, never.
        #expect(outcomes(kernel, base, at: 4, names, model: .ext4) == [[nil, nil], [[], nil], [[1], nil], [[1], []], [[1], [2]]])
        let fd = try kernel.open("/home/u/second", in: nil, .readOnly, permissions: 0)
        try kernel.sync(fd, dataOnly: true)
        #expect(outcomes(kernel, base, at: 5, names, model: .ext4) == [[[1], [2]]])
    }

    @Test func theBrokenBuildSwitchesIgnoreTheSyncsAroundARename() throws {
        let (kernel, _) = try recording()
        try write(kernel, "/home/u/.tmp", a, sync: true)
        try kernel.rename("/home/u/.tmp", in: nil, to: "/home/u/f", in: nil, [])
        try syncFolder(kernel, "/home/u")
        let log = kernel.world.recorder!
        var model = PersistenceModel.strict
        #expect(model.ignoredSyncs(in: log).isEmpty)
        model.ignoreFolderSyncAfterRename = true
        #expect(model.ignoredSyncs(in: log) == [4])
        model = .strict
        model.ignoreDataSyncBeforeRename = true
        #expect(model.ignoredSyncs(in: log) == [2])
    }
}
