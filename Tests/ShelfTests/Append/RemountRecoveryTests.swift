import Foundation
import Glibc
import ShelfTestSupport
import Testing
@testable import ShelfCore

/// Issue 21, item 1: recovery runs after a reboot, and a reboot may mount the store's file system
/// under another device number, or (FUSE) with other file handles. A torn append must still be
/// rolled back then. These mount real file systems: they need root, loop devices and bindfs.
@Suite struct RemountRecoveryTests {
    let home = TestHome()
    let saved = "[1,2,3]"

    /// Saves `saved`, then kills an append at `point` (its record durable, the file torn).
    func crashAnAppend(at point: String = "partial-data") throws {
        #expect(home.run(["save", "caches", "a.json"], stdin: saved).status == 0)
        let killed = try home.process(["append", "caches", "a.json"], stdin: "{\"x\":1}",
                                                      environment: [Failpoints.variable: point])
        #expect(killed.killed)
        #expect(home.read("cache/shelf/a.json") != saved, "the crash point leaves the file torn")
    }

    func handle(_ relative: String) throws -> [UInt8] {
        let file = try FileDescriptor.open(home.path(relative), [.readOnly])
        defer { file.close() }
        return try kernel.handle(file.raw)
    }

    @Test(.enabled(if: ScratchDisks.loopUnavailable(ScratchDisks.needsRoot) == nil, "needs root, losetup, mkfs.ext4 and loop devices"),
          arguments: [[], ["-I", "128"]])
    func aTornAppendIsRolledBackOnTheSameImageUnderAnotherLoopDevice(_ mkfs: [String]) throws {
        let disk = try LoopImage(image: home.path("disk.img"), mountPoint: home.path("cache"), mkfsOptions: mkfs)
        try disk.mountOnNewDevice()
        try crashAnAppend()
        let before = ScratchDisks.device(of: home.path("cache"))
        try disk.unmount()
        try disk.mountOnNewDevice()  // the first device stays attached: this one has another number
        #expect(ScratchDisks.device(of: home.path("cache")) != before)
        try expectRolledBackAndAppendable()
        try disk.unmount()
    }

    @Test(.enabled(if: ScratchDisks.fuseUnavailable(ScratchDisks.needsRoot) == nil, "needs root, /dev/fuse and bindfs"))
    func aTornAppendIsRolledBackOnABindfsMountMountedAgain() throws {
        let fuse = try FuseMount(source: home.path("under"), mountPoint: home.path("cache"))
        // Nodes looked up before the file in the second session get other node numbers: the
        // file's handle then differs from the one its record holds.
        try FileManager.default.createDirectory(atPath: home.path("cache/shelf"), withIntermediateDirectories: true)
        try crashAnAppend()
        let handle = try handle("cache/shelf/a.json")
        try fuse.unmount()
        for n in 0..<8 { try home.write("under/shelf/other\(n)", "") }
        try fuse.mount()
        for n in 0..<8 { _ = home.read("cache/shelf/other\(n)") }
        #expect(try self.handle("cache/shelf/a.json") != handle, "the second session gave the file another handle")
        let read = home.run(["retrieve", "caches", "a.json"]).expect(status: 0)
        #expect(read.stdout == saved)
        try fuse.unmount()
    }
}
