import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// Issue 12, item 9 (the journal's part): no value a journal holds can trap or make shelf read
/// it whole; a record that no append could have written is damage, and the file is left alone.
@Suite struct JournalExtremeTests {
    let home = TestHome()
    let content = "stored bytes\n"

    /// A record of this version for `a.txt` (as if an append of `x` was cut before its data),
    /// with `change` applied to its numbers, resealed.
    func plant(_ change: (inout [UInt8]) -> Void) throws {
        try home.write("docs/shelf/a.txt", content)
        let folder = try FileDescriptor.open(home.path("docs/shelf"), [.readOnly, .folder])
        defer { folder.close() }
        let file = try folder.open("a.txt", .readWrite, path: home.path("docs/shelf/a.txt"))
        defer { file.close() }
        let record = try JournalRecordTests.record(for: file, original: Array(content.utf8), offset: content.utf8.count, inserting: Array("x".utf8))
        var bytes = Array(record.encoded().dropLast(8))
        change(&bytes)
        JournalRecord.put(Checksum64.of(bytes), into: &bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: home.path("docs/shelf/" + JournalName.of("a.txt").description)))
    }

    static func set(_ bytes: inout [UInt8], at offset: Int, _ value: UInt64) {
        for i in 0..<8 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt64(8 * i)) }
    }

    static let extremes: [UInt64] = [.max, UInt64(Int64.max), 1 << 63, (1 << 60) + 1, 1 << 40]

    @Test(arguments: 2..<10, extremes)
    func anExtremeHeaderNumberIsDamageNeverATrap(_ index: Int, _ value: UInt64) throws {
        try plant { JournalExtremeTests.set(&$0, at: 8 + 8 * index, value) }
        #expect(home.run(["retrieve", "documents", "a.txt"]).stdout == content)
        #expect(home.run(["append", "documents", "a.txt"], stdin: "more\n").status == 0)
        #expect(home.read("docs/shelf/a.txt") == content + "more\n")
    }

    @Test(arguments: 0..<3, extremes)
    func anExtremePatchNumberIsDamageNeverATrap(_ field: Int, _ value: UInt64) throws {
        try plant { bytes in
            let handle = Int(bytes[40]), fingerprint = Int(bytes[64])
            JournalExtremeTests.set(&bytes, at: 88 + handle + fingerprint + 8 * field, value)
        }
        #expect(home.run(["retrieve", "documents", "a.txt"]).stdout == content)
        #expect(home.read("docs/shelf/a.txt") == content)
    }

    @Test func aSparseGigabyteJournalIsReadOnlyAtItsStart() throws {
        try home.write("docs/shelf/a.txt", content)
        let journal = home.path("docs/shelf/" + JournalName.of("a.txt").description)
        try Data("SHELFJ3\n".utf8).write(to: URL(fileURLWithPath: journal))
        truncate(journal, 1 << 30)
        let folder = try FileDescriptor.open(home.path("docs/shelf"), [.readOnly, .folder])
        defer { folder.close() }
        let file = try folder.open(JournalName.of("a.txt"), .readOnly, path: journal)
        defer { file.close() }
        #expect(try JournalFile.read(file) == .damaged)
        #expect(home.run(["append", "documents", "a.txt"], stdin: "more\n").status == 0)
        #expect(home.read("docs/shelf/a.txt") == content + "more\n")
    }

    @Test(arguments: ["fifo", "folder", "link"])
    func somethingElseUnderAJournalsNameIsNeverOpenedAsOne(_ kind: String) throws {
        try home.write("docs/shelf/a.txt", content)
        try home.write("outside", "outside")
        let journal = home.path("docs/shelf/" + JournalName.of("a.txt").description)
        switch kind {
        case "fifo": mkfifo(journal, 0o600)
        case "folder": mkdir(journal, 0o700)
        default: symlink(home.path("outside"), journal)
        }
        #expect(home.run(["retrieve", "documents", "a.txt"]).stdout == content)
        let appended = home.run(["append", "documents", "a.txt"], stdin: "more\n")
        #expect([74, 77].contains(appended.status) && appended.stderr.contains(".shelf-journal2-a.txt"))
        #expect(home.read("docs/shelf/a.txt") == content && home.read("outside") == "outside")
    }

    /// Issue 21, item 12 (found by the full battery, "journal extremes"): a folder under a
    /// journal's name made `rename` exit 73 "is a folder, not a file" naming the journal. Commands
    /// that only remove an empty journal do not need it: they succeed and leave the folder alone.
    @Test(arguments: [["rename", "documents", "a.txt", "b.txt"], ["move", "documents", "a.txt", "caches"], ["remove", "documents", "a.txt"]])
    func aFolderUnderAJournalsNameDoesNotStopACommandThatOnlyRemovesTheJournal(_ command: [String]) throws {
        try home.write("docs/shelf/a.txt", content)
        let journal = home.path("docs/shelf/" + JournalName.of("a.txt").description)
        #expect(mkdir(journal, 0o700) == 0)
        try home.write("docs/shelf/" + JournalName.of("a.txt").description + "/kept", "kept")
        home.run(command).expect(status: 0, about: "\(command)")
        #expect(home.read("docs/shelf/a.txt") == nil)
        #expect(home.read("docs/shelf/" + JournalName.of("a.txt").description + "/kept") == "kept")
    }
}
