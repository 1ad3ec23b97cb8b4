import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// A clear of everything reads the lock snapshot on a thread of its own (`BackgroundHeldLocks`):
/// until it arrives each file's lock is tried, after it the snapshot is asked, in every folder.
@Suite struct ClearLockSnapshotTests {
    let home = TestHome()
    let store: Store

    init() throws { store = try home.store() }

    @Test func theSnapshotIsReadOnItsThreadOrFoundUnreadable() throws {
        try home.write("locks", "1: FLOCK  ADVISORY  WRITE 4321 08:01:1234567 0 EOF\n")
        let reader = BackgroundHeldLocks.start(from: home.path("locks"))
        let read = try #require(arrival(of: reader))
        #expect(read?.keys == [HeldLocks.Key(major: 8, minor: 1, inode: 1_234_567)])
        let missing = BackgroundHeldLocks.start(from: home.path("no-such-file"))
        #expect(try #require(arrival(of: missing)) == nil)
    }

    @Test func whileTheSnapshotIsPendingEachFileIsTriedAndALockedOneStays() throws {
        let held = try holdLocks(on: ["held", "sub/held"])
        defer { held.forEach { close($0) } }
        var walk = try walkWith(BackgroundHeldLocks.pending())
        let report = try clearTop(&walk)
        #expect(report.removedPaths.map { String(decoding: $0, as: UTF8.self) }.sorted() == ["free", "sub/free"])
        #expect(report.skipped.sorted() == ["held", "sub/held"] && report.failed.isEmpty)
        #expect(home.exists("cache/shelf/held") && home.exists("cache/shelf/sub/held"))
    }

    /// A snapshot that arrives once the walk has begun is asked from then on, in the folder the
    /// walk is in and in those it enters: here it claims a lock no process holds, which only the
    /// snapshot can make the clear believe.
    @Test func aSnapshotArrivingLateIsAskedFromThenOn() throws {
        try store.save(Data("1".utf8), to: .caches, as: "free")
        try store.save(Data("2".utf8), to: .caches, as: "claimed")
        try store.save(Data("3".utf8), to: .caches, as: "sub/claimed")
        let reader = BackgroundHeldLocks.pending()
        var walk = try walkWith(reader)
        let lines = try ["claimed", "sub/claimed"].map { name in
            let st = try #require(try FileDescriptor.status(of: home.path("cache/shelf/" + name)))
            // glibc's dev_t: the major number in bits 8-19 and 32-63, the minor in 0-7 and 20-31.
            let major = ((st.device >> 8) & 0xFFF) | ((st.device >> 32) & ~0xFFF)
            let minor = (st.device & 0xFF) | ((st.device >> 12) & ~0xFF & 0xFFFF_FFFF)
            return "1: FLOCK  ADVISORY  WRITE 1 \(String(major, radix: 16)):\(String(minor, radix: 16)):\(st.inode) 0 EOF\n"
        }
        // Arrives after the top folder's frame was made without it, before its first file.
        reader.deliver(HeldLocks(parsing: lines.joined()))
        let report = try clearTop(&walk)
        #expect(report.removed == ["free"] && report.skipped.sorted() == ["claimed", "sub/claimed"])
        #expect(home.exists("cache/shelf/claimed") && home.exists("cache/shelf/sub/claimed"))
    }

    /// With the snapshot in hand, a folder's files are judged in one loop as soon as it is read
    /// (`clearListedFiles`), before the walk enters its sub-folders: the snapshot still decides
    /// (here it claims locks no process holds), a link goes without its target, `CACHEDIR.TAG`
    /// at the top stays, and only the folder the clear emptied is removed.
    @Test func theListingLoopAsksTheSnapshotAndLeavesFoldersToTheWalk() throws {
        for name in ["free", "claimed", "sub/claimed", "sub/free", "other/free"] {
            try store.save(Data(name.utf8), to: .caches, as: name)
        }
        try home.write("outside", "kept")
        #expect(symlink(home.path("outside"), home.path("cache/shelf/link")) == 0)
        let reader = BackgroundHeldLocks.pending()
        var walk = try walkWith(reader)
        reader.deliver(HeldLocks(parsing: try ["claimed", "sub/claimed"].map(lockLine).joined()))
        let report = try clearTop(&walk)
        #expect(report.removedPaths.map { String(decoding: $0, as: UTF8.self) }.sorted() == ["free", "link", "other/free", "sub/free"])
        #expect(report.skipped.sorted() == ["claimed", "sub/claimed"] && report.failed.isEmpty && report.removedCount == 4)
        #expect(home.exists("cache/shelf/claimed") && home.exists("cache/shelf/sub/claimed") && home.exists("outside"))
        #expect(!home.exists("cache/shelf/other") && !home.exists("cache/shelf/link"))
    }

    /// A line of `/proc/locks` claiming a lock on the stored file `name`.
    private func lockLine(_ name: String) throws -> String {
        let st = try #require(try FileDescriptor.status(of: home.path("cache/shelf/" + name)))
        // glibc's dev_t: the major number in bits 8-19 and 32-63, the minor in 0-7 and 20-31.
        let major = ((st.device >> 8) & 0xFFF) | ((st.device >> 32) & ~0xFFF)
        let minor = (st.device & 0xFF) | ((st.device >> 12) & ~0xFF & 0xFFFF_FFFF)
        return "1: FLOCK  ADVISORY  WRITE 1 \(String(major, radix: 16)):\(String(minor, radix: 16)):\(st.inode) 0 EOF\n"
    }

    /// Saves `free` and `sub/free` beside the named files, and holds a shared lock on each of
    /// those through a descriptor of its own (another shelf process, as far as the clear can tell).
    private func holdLocks(on names: [String]) throws -> [Int32] {
        try store.save(Data("f".utf8), to: .caches, as: "free")
        try store.save(Data("f".utf8), to: .caches, as: "sub/free")
        return try names.map { name in
            try store.save(Data("h".utf8), to: .caches, as: name)
            let fd = open(home.path("cache/shelf/" + name), O_RDONLY)
            #expect(fd >= 0 && flock(fd, LOCK_SH) == 0)
            return fd
        }
    }

    private func walkWith(_ reader: BackgroundHeldLocks) throws -> ClearWalk {
        var walk = ClearWalk(options: ClearOptions(countsFreedBytes: false), now: 0)
        walk.pendingLocks = (reader, try #require(try FileDescriptor.status(of: home.path("cache/shelf"))).device)
        return walk
    }

    private func clearTop(_ walk: inout ClearWalk) throws -> ClearReport {
        let root = try FileDescriptor.open(home.path("cache/shelf"), [.readOnly, .folder])
        defer { root.close() }
        _ = walk.clear(root, prefix: [], isRoot: true)
        return walk.report
    }

    /// The reader's answer, waited for (a thread reading a small file ends soon; the bound only
    /// keeps a broken reader from hanging the suite).
    private func arrival(of reader: BackgroundHeldLocks) -> HeldLocks?? {
        for _ in 0..<5_000 {
            if let read = reader.ifRead() { return read }
            usleep(1_000)
        }
        return nil
    }
}
