import Foundation
import Glibc
import ShelfTestSupport
import Testing
@testable import ShelfCore

/// Issue 12, item 1: a journal record applies only to the file generation it was written for.
/// An append killed once its record is durable, then the name given a new file (which ext4 often
/// gives the old inode number): the new file must come back whole, never rolled back.
@Suite struct JournalGenerationTests {
    let home = TestHome()
    let old = "line one\nline two\n"
    /// The old bytes plus a shorter addition than the killed append's: the same fingerprint, and a
    /// length the killed append could have left, exactly what a careless recovery takes for it.
    let new = "line one\nline two\nNEW\n"

    /// Saves `old`, kills an append of a long line at `point`, then lets `replace` give the name
    /// a new file until it gets the killed file's inode number back (or 12 tries).
    func killThenReplace(_ name: String, at point: String, _ replace: () throws -> Void) throws {
        #expect(home.run(["save", "caches", name], stdin: old).status == 0)
        let killed = try home.process(["append", "caches", name], stdin: String(repeating: "x", count: 300) + "\n",
                                                      environment: [Failpoints.variable: point])
        #expect(killed.killed)
        let before = ScratchDisks.inode(of: home.path("cache/shelf/" + name))
        for _ in 0..<12 {
            try replace()
            if ScratchDisks.inode(of: home.path("cache/shelf/" + name)) == before { break }
        }
    }

    @Test(arguments: ["save", "remove+save", "rename", "move", "copy", "another program's rename", "another program's cp"],
          ["journal", "partial-data"])
    func aStaleRecordNeverRollsBackTheFileThatReplacedIt(_ replacer: String, _ point: String) throws {
        let name = "log.txt", path = home.path("cache/shelf/log.txt")
        try killThenReplace(name, at: point) {
            switch replacer {
            case "save": #expect(home.run(["save", "caches", name], stdin: new).status == 0)
            case "remove+save":
                #expect(home.run(["remove", "caches", name]).status == 0)
                #expect(home.run(["save", "caches", name], stdin: new).status == 0)
            case "rename":
                #expect(home.run(["save", "caches", "other.txt"], stdin: new).status == 0)
                #expect(home.run(["rename", "caches", "other.txt", name, "--force"]).status == 0)
            case "move", "copy":
                #expect(home.run(["save", "documents", name], stdin: new).status == 0)
                #expect(home.run([replacer, "documents", name, "caches", "--force"]).status == 0)
            case "another program's rename":
                try Data(new.utf8).write(to: URL(fileURLWithPath: path + ".new"))
                #expect(rename(path + ".new", path) == 0)
            default:
                // cp over an existing file truncates and rewrites it in place: the same inode,
                // birth time and handle. The bytes where the append wrote tell.
                JournalPlaceTests.writeInPlace(path, new)
            }
        }
        #expect(home.run(["retrieve", "caches", name]).stdout == new)
        #expect(home.run(["append", "caches", name], stdin: "more\n").status == 0)
        #expect(home.read("cache/shelf/" + name) == new + "more\n")
    }

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
