import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// `Store.clear` and the Disk facade's clear, doNotBackup and backup.
@Suite struct LibraryClearTests {
    let home = TestHome()
    let store: Store

    init() throws { store = try home.store() }

    @Test func clearReportsWhatWentAndWhatItFreed() throws {
        try store.save(Data("12345".utf8), to: .caches, as: "a/b.txt")
        try store.save(Data("123".utf8), to: .caches, as: "c.txt")
        let report = try store.clear(.caches)
        #expect(report.removed.sorted() == ["a/b.txt", "c.txt"])
        #expect(report.freedBytes == 8 && report.failed.isEmpty && report.skipped.isEmpty)
        #expect(try store.listNames(in: .caches).isEmpty && store.listNames(in: .caches, all: true) == ["CACHEDIR.TAG"])
    }

    @Test func agesAreJudgedAtTheGivenTime() throws {
        try store.save(Data("a".utf8), to: .documents, as: "a")
        try store.save(Data("b".utf8), to: .documents, as: "b")
        home.setModified("docs/shelf/a", to: 1000)
        home.setModified("docs/shelf/b", to: 2000)
        let dry = try store.clear(.documents, options: ClearOptions(olderThan: 600, dryRun: true, now: 2500))
        #expect(dry.removed == ["a"] && dry.freedBytes == 1)
        #expect(try store.exists("a", in: .documents))
        #expect(try store.clear(.documents, options: ClearOptions(olderThan: 500, now: 2500)).removed.sorted() == ["a", "b"])
    }

    @Test func aFileChangedBetweenPlanningAndRemovalStays() throws {
        try store.save(Data("a".utf8), to: .documents, as: "a")
        home.setModified("docs/shelf/a", to: 1000)
        var walk = ClearWalk(options: ClearOptions(maxSize: 0), now: 5000)
        walk.selection = [Array("a".utf8): status("docs/shelf/a").modified]
        home.setModified("docs/shelf/a", to: 1001)
        let root = try FileDescriptor.open(home.path("docs/shelf"), [.readOnly, .folder])
        defer { root.close() }
        _ = walk.clear(root, prefix: [], isRoot: true)
        #expect(walk.report.removed.isEmpty)
        #expect(try store.exists("a", in: .documents))
    }

    @Test func doNotBackupAndBackupThroughTheStore() throws {
        try store.save(Data("x".utf8), to: .documents, as: "x")
        try store.setExcludedFromBackup(true, "x", in: .documents)
        #expect(try store.isExcludedFromBackup("x", in: .documents))
        #expect(try store.list(in: .documents).first?.excludedFromBackup == true)
        try store.setExcludedFromBackup(false, "x", in: .documents)
        #expect(try !store.isExcludedFromBackup("x", in: .documents))
        #expect(throws: ShelfError.notFound(path: home.path("docs/shelf/y"))) { try store.setExcludedFromBackup(true, "y", in: .documents) }
    }

    /// The facade reads the process environment, so only calls that can change nothing are made:
    /// a group no one uses, and names that are not there.
    @Test func diskFacadeCallsReachTheStore() throws {
        let unused = Directory.sharedContainer(appGroupName: "shelf-test-\(UInt64.random(in: 0 ... .max))")
        let folder = try Disk.store().locations.path(for: unused)
        try Disk.clear(unused)
        #expect(access(folder, F_OK) != 0)
        for call in [{ try Disk.doNotBackup("none", in: unused) }, { try Disk.backup("none", in: unused) }] {
            let error = try #require(throws: NSError.self, performing: call)
            #expect(error.domain == Disk.errorDomain && error.code == Disk.ErrorCode.noFileFound.rawValue)
            #expect(error.userInfo[NSFilePathErrorKey] as? String == folder + "/none")
        }
        #expect(access(folder, F_OK) != 0)
    }

    // A clear of everything that needs no sizes (`ClearOptions.countsFreedBytes` off, as the
    // command line without `--json`) removes what the folder listing describes without a `stat`
    // of each file (issue 25, part 3): the lock snapshot is asked by the listing's inode numbers,
    // and links are still removed, never followed.

    @Test func aLockedFileIsSkippedByItsListedInodeAndLinksAreNotFollowed() throws {
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

    func status(_ relative: String) -> FileStatus {
        (try? FileDescriptor.status(of: home.path(relative))) ?? FileStatus(mode: 0, size: 0, device: 0, inode: 0,
            accessed: FileTime(seconds: 0, nanoseconds: 0), modified: FileTime(seconds: 0, nanoseconds: 0))
    }
}
