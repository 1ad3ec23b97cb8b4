import Foundation
import Glibc
import ShelfTestSupport
import Testing
@testable import ShelfCore

/// Issue 12, item 1: a journal record applies only to the file generation it was written for.
/// The battery's `generation` group (in `make test`) kills appends once their record is durable,
/// then gives the name a new file by every way (save, remove and save, rename, move, copy, sync,
/// another program's rename or in-place write) until it gets the old inode number back: the new
/// file must come back whole, never rolled back. Here: a save settles the record under its lock,
/// and which of a record's facts tell generations apart.
@Suite struct JournalGenerationTests {
    let home = TestHome()

    @Test func aSaveSettlesTheRecordOfTheFileItReplacesUnderItsLock() throws {
        #expect(home.run(["save", "caches", "a.json"], stdin: "[1]").status == 0)
        let killed = try home.process(["append", "caches", "a.json"], stdin: "22",
                                                      environment: [Failpoints.variable: "partial-data"])
        #expect(killed.killed)
        #expect(!(home.read("cache/shelf/" + JournalName.of("a.json").description) ?? "").isEmpty)
        #expect(home.run(["save", "caches", "a.json"], stdin: "[7]").status == 0)
        // Retired with the file it was about: no record left (the journal is removed once settled).
        #expect(home.read("cache/shelf/" + JournalName.of("a.json").description) == nil)
        #expect(home.run(["append", "caches", "a.json"], stdin: "8").status == 0)
        #expect(home.read("cache/shelf/a.json") == "[7,8]")
    }

    @Test func aRecordOfAnEarlierGenerationIsNotThisFilesAnotherDeviceNumberIs() throws {
        // What the kernel tells generations by, changed one at a time in a record of this file.
        try home.write("docs/shelf/a.json", "[1]")
        let folder = try FileDescriptor.open(home.path("docs/shelf"), [.readOnly, .folder])
        defer { folder.close() }
        let file = try folder.open("a.json", .readWrite, path: home.path("docs/shelf/a.json"))
        defer { file.close() }
        let record = try JournalRecordTests.record(for: file, original: Array("[1]".utf8), offset: 2, inserting: Array(",2".utf8))
        let st = try file.status()
        #expect(try record.verdict(on: file, st) == .interrupted)
        #expect(record.generation.birth != nil && !record.generation.handle.isEmpty, "the test file system reports both")
        var born = record
        born.generation.birth?.nanoseconds += 1
        #expect(try born.verdict(on: file, st) == .unrelated)
        var handled = record
        handled.generation.handle[handled.generation.handle.count - 1] ^= 1
        #expect(try handled.verdict(on: file, st) == .unrelated)
        var unknown = record
        unknown.generation.birth = nil
        #expect(try unknown.verdict(on: file, st) == .unrelated)
        var inode = record
        inode.generation.identity = FileIdentity(device: st.device, inode: st.inode &+ 1)
        #expect(try inode.verdict(on: file, st) == .unrelated)
        // Issue 21, item 1: after a reboot the same file system may be mounted under another device
        // number (another loop device, a device-mapper minor handed out at boot). The record still
        // is this file's, and the torn file must be rolled back.
        var remounted = record
        remounted.generation.identity = FileIdentity(device: st.device &+ 1, inode: st.inode)
        #expect(try remounted.verdict(on: file, st) == .interrupted)
    }
}
