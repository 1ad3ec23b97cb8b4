import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// The lock snapshot a whole-folder clear uses instead of try-locking every file.
@Suite struct HeldLocksTests {
    let home = TestHome()

    @Test func parsesDevicesInHexAndInodesInDecimalIncludingWaiters() {
        let locks = HeldLocks(parsing: """
            1: FLOCK  ADVISORY  WRITE 4321 08:01:1234567 0 EOF
            1: -> FLOCK  ADVISORY  WRITE 4322 fd:1a:99 0 EOF
            2: POSIX  ADVISORY  READ 77 00:2f:5 128 255

            """)
        #expect(locks.keys == [HeldLocks.Key(major: 8, minor: 1, inode: 1_234_567),
                               HeldLocks.Key(major: 0xFD, minor: 0x1A, inode: 99),
                               HeldLocks.Key(major: 0, minor: 0x2F, inode: 5)])
    }

    /// A list longer than the first buffer is read whole with the second; one that fills the
    /// second may have been cut, so it gives no snapshot at all.
    @Test func aLongListIsReadWholeAndAnOverlongOneNotAtAll() throws {
        let line = { (inode: Int) in "1: FLOCK  ADVISORY  WRITE 4321 08:01:\(inode) 0 EOF\n" }
        try home.write("long", (1...3_000).map(line).joined())
        let long = try #require(HeldLocks.snapshot(from: home.path("long")))
        #expect(long.keys.count == 3_000 && long.keys.contains(HeldLocks.Key(major: 8, minor: 1, inode: 3_000)))
        try home.write("overlong", (1...30_000).map(line).joined())
        #expect(HeldLocks.snapshot(from: home.path("overlong")) == nil)
    }

    @Test func aFlockHeldNowIsInTheSnapshotAndGoneAfterUnlock() throws {
        try home.write("docs/a.txt", "a")
        let fd = open(home.path("docs/a.txt"), O_RDONLY)
        defer { close(fd) }
        let st = try FileDescriptor(raw: fd, path: "a.txt").status()
        #expect(HeldLocks.snapshot()?.contains(st) == false)
        #expect(flock(fd, LOCK_EX) == 0)
        #expect(HeldLocks.snapshot()?.contains(st) == true)
        #expect(flock(fd, LOCK_UN) == 0)
        #expect(HeldLocks.snapshot()?.contains(st) == false)
    }
}
