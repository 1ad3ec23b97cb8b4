import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// The rollback journal, driven by hand: the states a crash or a power failure can leave are built
/// directly, then the next access must repair them, keep a complete append, or leave the file
/// alone when the record is not about it. (A reader's rollback of a torn append, a complete append
/// whose commit was lost, and a torn journal: AppendCrashTests, at the crash points that leave them.
/// Journal names: JournalPlaceTests; never listed: their reserved prefix, ListTests.)
@Suite struct JournalRecordTests {
    let home = TestHome()
    let relative = "docs/shelf/a.json"
    var journalRelative: String { "docs/shelf/" + JournalName.of("a.json").description }

    /// Writes the journal record an append of `insert` at `offset` writes, then writes `written`
    /// at `offset` (default: `insert` without the old tail, as a crash in mid-write leaves it).
    func tear(_ original: String, at offset: Int, inserting insert: String, written: [UInt8]? = nil,
              identity: FileIdentity? = nil, fingerprint: [UInt8]? = nil) throws {
        try home.write(relative, original)
        let folder = try FileDescriptor.open(home.path("docs/shelf"), [.readOnly, .folder])
        let file = try folder.open("a.json", .readWrite, path: home.path(relative))
        defer { folder.close(); file.close() }
        var record = try JournalRecordTests.record(for: file, original: Array(original.utf8), offset: offset, inserting: Array(insert.utf8))
        if let identity { record.generation.identity = identity }
        if let fingerprint { record.fingerprint = fingerprint }
        try JournalFile(for: "a.json", in: folder).write(record, mode: 0o600)
        try file.writeAll(toAbsoluteOffset: offset, written ?? Array(insert.utf8))
    }

    /// The record an append of `insert` at `offset` of a file holding `original` writes.
    static func record(for file: FileDescriptor, original: [UInt8], offset: Int, inserting insert: [UInt8]) throws -> JournalRecord {
        let tail = Array(original[offset...]), new = insert + tail
        return JournalRecord(generation: FileGeneration(of: file, try file.status()), originalLength: original.count,
                             newLength: offset + new.count, fingerprint: Array(original[Swift.max(0, offset - 64)..<offset]),
                             patches: [.init(position: offset, old: tail, newCount: new.count, newHead: Array(new.prefix(64)))],
                             newChecksum: Checksum64.of(new))
    }

    /// A journal holding a record (an empty journal is the normal state between appends).
    var journalPending: Bool { !(home.read(journalRelative) ?? "").isEmpty }

    @Test func encodingRoundTripsAndDamageIsDetected() throws {
        let generation = FileGeneration(identity: FileIdentity(device: 7, inode: 99), birth: FileTime(seconds: -5, nanoseconds: 7), handle: [1, 2, 3])
        let journal = JournalRecord(generation: generation, originalLength: 10, newLength: 14, fingerprint: Array("12345678".utf8),
                                    patches: [.init(position: 8, old: Array("]\n".utf8), newCount: 6, newHead: Array(",3]\n".utf8) + [0, 0])],
                                    newChecksum: 0xfeed)
        let bytes = journal.encoded()
        func decode(_ bytes: [UInt8]) -> JournalRecord.Decoded { JournalRecord.decode(bytes) }
        #expect(decode(bytes) == .record(journal))
        #expect(decode(Array(bytes.dropLast())) == .damaged)
        for index in [0, 10, bytes.count / 2, bytes.count - 1] {
            var damaged = bytes
            damaged[index] ^= 0x01
            #expect(decode(damaged) == .damaged, "byte \(index)")
        }
        // An older, longer record behind a newer one (its emptying lost to a power failure) is ignored.
        #expect(decode(bytes + Array(repeating: 0x55, count: 40)) == .record(journal))
        // A birth time and a handle the file system does not report are kept as unknown.
        var unknown = journal
        unknown.generation = FileGeneration(identity: generation.identity, birth: nil, handle: [])
        #expect(decode(unknown.encoded()) == .record(unknown))
    }

    @Test func theRightLengthWithTheWrongBytesIsRolledBack() throws {
        // A power failure can keep the new length and lose the data: zeros where the item was.
        try tear("[1,2]\n", at: 4, inserting: ",3", written: [0, 0, 0, 0])
        #expect(home.read(relative)?.utf8.count == 8)
        #expect(home.run(["retrieve", "documents", "a.json"]).stdout == "[1,2]\n")
        #expect(!journalPending)
    }

    @Test func anAppenderRollsBackFirstThenAppends() throws {
        try tear("[1]", at: 2, inserting: ",{\"half\":")
        #expect(home.run(["append", "documents", "a.json"], stdin: "2").status == 0)
        #expect(home.read(relative) == "[1,2]")
        #expect(!journalPending)
    }

    @Test func theLibraryReadersRollBackToo() throws {
        try tear("[1]", at: 2, inserting: ",2")
        #expect(try home.store().retrieve("a.json", from: .documents, as: [Int].self) == [1])
        try tear("[5]", at: 2, inserting: ",6")
        #expect(try home.store().retrieveBytes("a.json", from: .documents) == Array("[5]".utf8))
    }

    @Test func aRenameRollsBackAndTakesNoJournalAlong() throws {
        try tear("[1]", at: 2, inserting: ",2")
        #expect(home.run(["rename", "documents", "a.json", "b.json"]).status == 0)
        #expect(home.read("docs/shelf/b.json") == "[1]")
        #expect(!home.exists(journalRelative))
    }

    @Test func aJournalAboutAnotherFileIsDroppedWithoutTouchingThisOne() throws {
        try tear("[1,2]", at: 4, inserting: ",3", identity: FileIdentity(device: 1, inode: 1))
        #expect(home.run(["retrieve", "documents", "a.json"]).stdout == "[1,2,3")
        #expect(!journalPending)
        try tear("[1,2]", at: 4, inserting: ",3", fingerprint: Array("[9,9".utf8))
        #expect(home.run(["retrieve", "documents", "a.json"]).stdout == "[1,2,3")
        #expect(!journalPending)
    }

    @Test func aRecordTheFileHasOutgrownIsStale() throws {
        // Longer than the append could make it (another program added to it since): not rolled back.
        try tear("[1,2]", at: 4, inserting: ",3", written: Array(",3] and more".utf8))
        #expect(home.run(["retrieve", "documents", "a.json"]).stdout == "[1,2,3] and more")
        #expect(!journalPending)
    }
}
