import Foundation
import Glibc
import ShelfTestSupport
import Testing
@testable import ShelfCore

/// Issue 21, item 1, where inode numbers are made up at each mount: FAT (Linux numbers a file
/// when it first loads it) and FUSE daemons without `use_ino` (sshfs, s3fs, rclone mount,
/// unionfs-fuse: a file's number is the mount's node number). After a remount the torn file has
/// another number, and before the fix the record was judged another file's: the torn file was
/// served with exit 0. Recovery must go by the record's evidence there.
extension RemountRecoveryTests {
    @Test(.enabled(if: ScratchDisks.fatUnavailable(ScratchDisks.needsRoot) == nil, "needs root, losetup, mkfs.vfat and a kernel with vfat"))
    func aTornAppendIsRolledBackOnAFATImageMountedAgain() throws {
        let disk = try LoopImage(image: home.path("disk.img"), mountPoint: home.path("cache"), fat: true)
        try disk.mountOnNewDevice()
        try crashAnAppend()
        let inode = ScratchDisks.inode(of: home.path("cache/shelf/a.json"))
        try disk.unmount()
        try disk.mountOnNewDevice()
        #expect(ScratchDisks.inode(of: home.path("cache/shelf/a.json")) != inode, "FAT gave the file another inode number")
        try expectRolledBackAndAppendable()
        try disk.unmount()
    }

    @Test(.enabled(if: ["sshfs", "unionfs"].contains { ScratchDisks.fuseUnavailable(ScratchDisks.needsRoot, daemon: $0) == nil }, "needs root, /dev/fuse, and sshfs with sftp-server or unionfs-fuse"),
          arguments: ["sshfs", "unionfs"])
    func aTornAppendIsRolledBackOnAFUSEMountWithItsOwnInodeNumbers(_ daemon: String) throws {
        guard ScratchDisks.fuseUnavailable(ScratchDisks.needsRoot, daemon: daemon) == nil else { return }
        let (under, cache) = (home.path("under"), home.path("cache"))
        let fuse = try FuseMount(source: under, mountPoint: cache, command: try ScratchDisks.command(daemon, source: under, mountPoint: cache))
        try FileManager.default.createDirectory(atPath: home.path("cache/shelf"), withIntermediateDirectories: true)
        try crashAnAppend()
        let inode = ScratchDisks.inode(of: home.path("cache/shelf/a.json"))
        try fuse.unmount()
        // Files looked up first in the new mount take the node numbers the old one gave.
        for n in 0..<8 { try home.write("under/shelf/other\(n)", "") }
        try fuse.mount()
        for n in 0..<8 { _ = home.read("cache/shelf/other\(n)") }
        #expect(ScratchDisks.inode(of: home.path("cache/shelf/a.json")) != inode, "\(daemon) gave the file another inode number")
        try expectRolledBackAndAppendable()
        try fuse.unmount()
    }

    /// The torn file reads as it was saved, and one more append adds to it.
    func expectRolledBackAndAppendable() throws {
        let read = home.run(["retrieve", "caches", "a.json"]).expect(status: 0)
        #expect(read.stdout == saved, "the torn file was served: \(read.stdout)")
        #expect(home.run(["append", "caches", "a.json"], stdin: "4").status == 0)
        #expect(home.read("cache/shelf/a.json") == "[1,2,3,4]")
    }
}
