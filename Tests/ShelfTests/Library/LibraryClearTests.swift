import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// `Store.clear` and the Disk facade's clear, doNotBackup and backup.
@Suite struct LibraryClearTests {
    let home = TestHome()

    @Test func clearReportsWhatWentAndWhatItFreed() throws {
        let store = try home.store()
        try store.save(Data("12345".utf8), to: .caches, as: "a/b.txt")
        try store.save(Data("123".utf8), to: .caches, as: "c.txt")
        let report = try store.clear(.caches)
        #expect(report.removed.sorted() == ["a/b.txt", "c.txt"])
        #expect(report.freedBytes == 8 && report.failed.isEmpty && report.skipped.isEmpty)
        #expect(try store.listNames(in: .caches).isEmpty && store.listNames(in: .caches, all: true) == ["CACHEDIR.TAG"])
    }

    @Test func agesAreJudgedAtTheGivenTime() throws {
        let store = try home.store()
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
        let store = try home.store()
        try store.save(Data("a".utf8), to: .documents, as: "a")
        home.setModified("docs/shelf/a", to: 1000)
        var walk = ClearWalk(options: ClearOptions(maxSize: 0), now: 5000)
        walk.selection = [Array("a".utf8): ClearPlan.Stamp(status("docs/shelf/a"))]
        home.setModified("docs/shelf/a", to: 1001)
        let root = try FileDescriptor.open(home.path("docs/shelf"), [.readOnly, .folder])
        defer { root.close() }
        _ = walk.clear(root, prefix: [], isRoot: true)
        #expect(walk.report.removed.isEmpty)
        #expect(try store.exists("a", in: .documents))
    }

    @Test func doNotBackupAndBackupThroughTheStore() throws {
        let store = try home.store()
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
        let refused = try #require(throws: NSError.self) { try Disk.doNotBackup("../x", in: .caches) }
        #expect(refused.code == Disk.ErrorCode.invalidFileName.rawValue)
        #expect(access(folder, F_OK) != 0)
    }

    func status(_ relative: String) -> FileStatus {
        (try? FileDescriptor.status(of: home.path(relative))) ?? FileStatus(mode: 0, size: 0, device: 0, inode: 0,
            accessed: FileTime(seconds: 0, nanoseconds: 0), modified: FileTime(seconds: 0, nanoseconds: 0))
    }
}
