import Foundation
import Glibc
import Testing
@testable import Shelf

/// The rollback journal, driven by hand: torn states are built directly, then the next access
/// must repair them (or leave the file alone when the journal is not about it).
@Suite struct AppendJournalTests {
    let home = TestHome()
    let relative = "docs/shelf/a.json"

    /// Opens the namespace folder of `documents` and the file `a.json` in it.
    func open() throws -> (folder: FileDescriptor, file: FileDescriptor) {
        let folder = try FileDescriptor.open(home.path("docs/shelf"), O_RDONLY | O_DIRECTORY)
        let file = try folder.openAt("a.json", O_RDWR, path: home.path(relative))
        return (folder, file)
    }

    /// Writes the journal an append of `insert` at `offset` would write, then makes the torn
    /// change (the new bytes without the old tail), as a crash in mid-write leaves it.
    func tear(_ original: String, at offset: Int, inserting insert: String, identity: FileIdentity? = nil,
              fingerprint: [UInt8]? = nil) throws {
        try home.write(relative, original)
        let (folder, file) = try open()
        defer { folder.close(); file.close() }
        let bytes = Array(original.utf8)
        let journal = AppendJournal(identity: try identity ?? FileIdentity(file.status()), originalLength: bytes.count, offset: offset,
                                    tail: Array(bytes[offset...]), fingerprint: fingerprint ?? Array(bytes[..<offset]))
        try journal.write(for: "a.json", in: folder, failpoints: Failpoints(environment: [:]))
        try Array(insert.utf8).withUnsafeBytes { try writeAll($0, to: file, at: offset) }
    }

    var journalExists: Bool { home.exists("docs/shelf/" + AppendJournal.name(for: "a.json")) }

    @Test func encodingRoundTripsAndDamageIsDetected() throws {
        let journal = AppendJournal(identity: FileIdentity(device: 7, inode: 99), originalLength: 10, offset: 8,
                                    tail: Array("]\n".utf8), fingerprint: Array("12345678".utf8))
        let bytes = journal.encoded()
        #expect(AppendJournal(decoding: bytes) == journal)
        #expect(AppendJournal(decoding: Array(bytes.dropLast())) == nil)
        for index in [0, 10, bytes.count / 2, bytes.count - 1] {
            var damaged = bytes
            damaged[index] ^= 0x01
            #expect(AppendJournal(decoding: damaged) == nil, "byte \(index)")
        }
    }

    @Test func aReaderRollsBackATornAppend() throws {
        try tear("[1,2]\n", at: 4, inserting: ",3")
        #expect(home.read(relative) == "[1,2,3")
        #expect(journalExists)
        #expect(home.run(["retrieve", "documents", "a.json"]).stdout == "[1,2]\n")
        #expect(home.read(relative) == "[1,2]\n")
        #expect(!journalExists)
    }

    @Test func anAppenderRollsBackFirstThenAppends() throws {
        try tear("[1]", at: 2, inserting: ",{\"half\":")
        #expect(home.run(["append", "documents", "a.json"], stdin: "2").status == 0)
        #expect(home.read(relative) == "[1,2]")
        #expect(!journalExists)
    }

    @Test func theLibraryReadersRollBackToo() throws {
        try tear("[1]", at: 2, inserting: ",2")
        #expect(try home.store().retrieve("a.json", from: .documents, as: [Int].self) == [1])
        try tear("[5]", at: 2, inserting: ",6")
        #expect(try home.store().retrieveBytes("a.json", from: .documents) == Array("[5]".utf8))
    }

    @Test func aRenameRollsBackBeforeTheFileLeavesItsJournal() throws {
        try tear("[1]", at: 2, inserting: ",2")
        #expect(home.run(["rename", "documents", "a.json", "b.json"]).status == 0)
        #expect(home.read("docs/shelf/b.json") == "[1]")
        #expect(!journalExists)
    }

    @Test func aJournalAboutAnotherFileIsDroppedWithoutTouchingThisOne() throws {
        try tear("[1,2]", at: 4, inserting: ",3", identity: FileIdentity(device: 1, inode: 1))
        #expect(home.run(["retrieve", "documents", "a.json"]).stdout == "[1,2,3")
        #expect(!journalExists)
        try tear("[1,2]", at: 4, inserting: ",3", fingerprint: Array("[9,9".utf8))
        #expect(home.run(["retrieve", "documents", "a.json"]).stdout == "[1,2,3")
        #expect(!journalExists)
    }

    @Test func aTornJournalMeansTheDataWasNeverTouched() throws {
        try home.write(relative, "[1]")
        try home.write("docs/shelf/" + AppendJournal.name(for: "a.json"), "SHELFJ1\n\u{1}\u{2}")
        #expect(home.run(["append", "documents", "a.json"], stdin: "2").status == 0)
        #expect(home.read(relative) == "[1,2]")
        #expect(!journalExists)
    }

    @Test func journalsAreNeverListedAndLongNamesAreHashed() {
        let long = String(repeating: "n", count: 250)
        let name = AppendJournal.name(for: long)
        #expect(name.hasPrefix(SafePath.reservedPrefix) && name.utf8.count <= 255)
        #expect(name != AppendJournal.name(for: long + "x"))
        #expect(AppendJournal.name(for: "a.json") == ".shelf-journal-a.json")
        #expect(home.run(["append", "documents", long], stdin: "x").status == 0)
    }
}
