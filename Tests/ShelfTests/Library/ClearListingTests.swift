import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// A clear of everything that needs no sizes (`ClearOptions.countsFreedBytes` off, as the command
/// line without `--json`) removes what the folder listing describes without a `stat` of each
/// file (issue 25, part 3): the lock snapshot is then asked by the listing's inode numbers, and
/// links are still removed, never followed.
@Suite struct ClearListingTests {
    let home = TestHome()

    @Test func aLockedFileIsSkippedByItsListedInodeAndLinksAreNotFollowed() throws {
        let store = try home.store()
        try store.save(Data("12345".utf8), to: .caches, as: "a/held.txt")
        try store.save(Data("123".utf8), to: .caches, as: "a/free.txt")
        try store.save(Data("1".utf8), to: .caches, as: "top.txt")
        try home.write("outside.txt", "kept")
        #expect(symlink(home.path("outside.txt"), home.path("cache/shelf/a/link")) == 0)
        // A lock held on another open file description stands for another shelf process.
        let fd = open(home.path("cache/shelf/a/held.txt"), O_RDONLY)
        defer { close(fd) }
        #expect(flock(fd, LOCK_SH) == 0)
        let report = try store.clear(.caches, options: ClearOptions(countsFreedBytes: false))
        #expect(report.removed.sorted() == ["a/free.txt", "a/link", "top.txt"])
        #expect(report.skipped == ["a/held.txt"] && report.failed.isEmpty)
        // The sizes are what this clear was told to leave out.
        #expect(report.freedBytes == 0)
        #expect(home.read("cache/shelf/a/held.txt") == "12345" && home.read("outside.txt") == "kept")
        flock(fd, LOCK_UN)
        let rest = try store.clear(.caches)
        #expect(rest.removed == ["a/held.txt"] && rest.freedBytes == 5)
        #expect(!home.exists("cache/shelf/a"))
    }

    /// Which check each clear gets: the listing only for a clear of everything that needs no
    /// sizes, on a file system whose listing gives true inode numbers, and covered by the snapshot.
    @Test func theListingStandsInForAStatOnlyWhereItMay() throws {
        let store = try home.store()
        try store.save(Data("1".utf8), to: .caches, as: "x")
        let root = try FileDescriptor.open(home.path("cache/shelf"), [.readOnly, .folder])
        defer { root.close() }
        let device = try root.status().device
        func check(_ options: ClearOptions, snapshotDevice: UInt64? = nil) -> ClearWalk.LockCheck {
            var walk = ClearWalk(options: options, now: 0)
            walk.heldLocks = HeldLocks(parsing: "")
            walk.heldLocks?.device = snapshotDevice ?? device
            return walk.lockCheck(root)
        }
        let trusted = root.fileSystemType.map(ClearWalk.listsTrueInodes.contains) ?? false
        #expect(check(ClearOptions(countsFreedBytes: false)) == (trusted ? .listing(device: device) : .snapshot))
        #expect(check(ClearOptions()) == .snapshot)
        #expect(check(ClearOptions(dryRun: true, countsFreedBytes: false)) == .eachFile)
        #expect(check(ClearOptions(olderThan: 1, countsFreedBytes: false)) == .eachFile)
        // Another file system mounted inside (a network one): its locks are not all in the snapshot.
        #expect(check(ClearOptions(countsFreedBytes: false), snapshotDevice: device &+ 1) == .eachFile)
        var unlocked = ClearWalk(options: ClearOptions(countsFreedBytes: false), now: 0)
        unlocked.heldLocks = nil
        #expect(unlocked.lockCheck(root) == .eachFile)
    }
}
