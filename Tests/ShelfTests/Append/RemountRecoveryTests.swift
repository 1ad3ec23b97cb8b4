import Foundation
import Glibc
import ShelfTestSupport
import Testing
@testable import ShelfCore

/// Issue 21, item 1: recovery runs after a reboot, and a reboot may mount the store's file system
/// with other file handles (FUSE). A torn append must still be rolled back then. The battery's
/// `remount` and `remount-inodes` groups (in `make test`) take every way back (another loop
/// device, 128-byte inodes, bindfs, FAT, sshfs, unionfs-fuse) at every crash point; this test
/// adds that the second bindfs session really gave the file another handle.
@Suite struct RemountRecoveryTests {
    let home = TestHome()
    let saved = "[1,2,3]"

    func handle(_ relative: String) throws -> [UInt8] {
        let file = try FileDescriptor.open(home.path(relative), [.readOnly])
        defer { file.close() }
        return try kernel.handle(file.raw)
    }

    @Test(.enabled(if: ScratchDisks.fuseUnavailable(ScratchDisks.needsRoot) == nil, "needs root, /dev/fuse and bindfs"))
    func aTornAppendIsRolledBackOnABindfsMountMountedAgain() throws {
        let fuse = try FuseMount(source: home.path("under"), mountPoint: home.path("cache"))
        // Nodes looked up before the file in the second session get other node numbers: the
        // file's handle then differs from the one its record holds.
        try FileManager.default.createDirectory(atPath: home.path("cache/shelf"), withIntermediateDirectories: true)
        // Saved, then an append killed with its record durable and the file torn.
        #expect(home.run(["save", "caches", "a.json"], stdin: saved).status == 0)
        let killed = try home.process(["append", "caches", "a.json"], stdin: "{\"x\":1}",
                                      environment: [Failpoints.variable: "partial-data"])
        #expect(killed.killed)
        #expect(home.read("cache/shelf/a.json") != saved, "the crash point leaves the file torn")
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
