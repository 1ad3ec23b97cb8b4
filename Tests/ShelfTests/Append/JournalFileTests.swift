import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// The journal file's life: made by an in-place append and removed when it commits (issue 22,
/// item 15: nothing left beside the file, LeftoverTests.anAppendLeavesNoJournalBehind), kept only while it holds a record (a torn append), and
/// then taken away with its file by remove, move and rename; never copied, never listed.
@Suite struct JournalFileTests {
    let home = TestHome()

    func journal(_ name: String, in folder: String = "docs/shelf") -> String { folder + "/" + JournalName.of(FileName(name)).description }

    /// Kills an append of `item` to `name` once its record is written and part of the data:
    /// the journal then holds a record, as after a crash.
    func tornAppend(_ name: String, _ item: String, in folder: String = "") throws {
        let outcome = try home.process(["append", "documents", folder + name], stdin: item,
                                                       environment: [Failpoints.variable: "partial-data"])
        #expect(outcome.killed)
        #expect(!(home.read(journal(name, in: "docs/shelf/" + folder)) ?? "").isEmpty)
    }

    @Test func theJournalGetsItsFilesPermissions() throws {
        #expect(home.run(["append", "documents", "a.json"], stdin: "1").status == 0)
        chmod(home.path("docs/shelf/a.json"), 0o664)
        try tornAppend("a.json", "22")
        #expect(try FileManager.default.attributesOfItem(atPath: home.path(journal("a.json")))[.posixPermissions] as? Int == 0o664)
    }

    @Test func removingAFileRemovesItsJournal() throws {
        #expect(home.run(["append", "documents", "a.json"], stdin: "1").status == 0)
        try tornAppend("a.json", "22")
        #expect(home.run(["remove", "documents", "a.json"]).status == 0)
        #expect(!home.exists(journal("a.json")) && !home.exists("docs/shelf/a.json"))
    }

    @Test func removingAFileATornAppendLeftRemovesBoth() throws {
        try home.write("docs/shelf/a.json", "[1]")
        try tornAppend("a.json", "22")
        #expect(try home.store().removeIfUnchanged("a.json", in: .documents, expected: Data("[1]".utf8)))
        #expect(home.allPaths() == ["docs", "docs/shelf", "run"])
    }

    @Test(arguments: [["move", "documents", "a.jsonl", "caches"], ["rename", "documents", "a.jsonl", "b.jsonl"]])
    func aMovedFileLeavesNoJournalBehind(_ arguments: [String]) throws {
        #expect(home.run(["append", "documents", "a.jsonl"], stdin: "1").status == 0)
        #expect(home.run(["append", "documents", "a.jsonl"], stdin: "2").status == 0)
        #expect(home.run(arguments).status == 0)
        #expect(home.allPaths().filter { $0.contains(JournalName.commonPrefix) }.isEmpty)
        let moved = arguments[0] == "move" ? ("caches", "a.jsonl") : ("documents", "b.jsonl")
        #expect(home.run(["append", moved.0, moved.1], stdin: "3").status == 0)
        #expect(home.run(["retrieve", moved.0, moved.1]).stdout == "1\n2\n3\n")
    }

    @Test func aMoveAcrossFileSystemsLeavesNoJournalBehind() throws {
        #expect(home.run(["append", "documents", "a.jsonl"], stdin: "1").status == 0)
        #expect(home.run(["append", "documents", "a.jsonl"], stdin: "2").status == 0)
        try home.store().relocate(SafePath("a.jsonl"), in: .documents, to: SafePath("a.jsonl"), in: .caches, replace: false, forceCopy: true)
        #expect(home.allPaths().filter { $0.contains(JournalName.commonPrefix) }.isEmpty)
        #expect(home.read("cache/shelf/a.jsonl") == "1\n2\n")
    }

    @Test func movesInOppositeDirectionsBothFinish() async throws {
        // Each move holds its source's lock and needs the other file's: neither may wait for it
        // while holding its own, or the two would wait for each other forever.
        let pairs = 40
        for i in 0..<pairs {
            for name in ["a\(i)", "b\(i)"] { #expect(home.run(["save", "documents", name], stdin: name).status == 0) }
        }
        let store = try home.store()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<pairs {
                group.addTask { _ = try? store.rename("a\(i)", in: .documents, to: "b\(i)", replace: true) }
                group.addTask { _ = try? store.rename("b\(i)", in: .documents, to: "a\(i)", replace: true) }
            }
            try await group.waitForAll()
        }
        #expect(home.allPaths().filter { $0.hasPrefix("docs/shelf/") }.count == pairs)
    }

    @Test func aMoveDoesNotWaitForAFileToReplaceWhileHoldingItsSource() throws {
        for name in ["a.txt", "b.txt"] { #expect(home.run(["save", "documents", name], stdin: name).status == 0) }
        let folder = try FileDescriptor.open(home.path("docs/shelf"), [.readOnly, .folder])
        defer { folder.close() }
        let b = try folder.open("b.txt", .readOnly, path: home.path("docs/shelf/b.txt"))
        defer { b.close() }
        try FileLock.lock(b, .exclusive)
        let target = Target(folder: folder, name: "b.txt", path: home.path("docs/shelf/b.txt"))
        #expect(throws: AtomicReplace.TargetBusy.self) {
            try AtomicReplace.install("a.txt", in: folder, path: home.path("docs/shelf/a.txt"), as: target, replace: true, oldFile: .failIfBusy)
        }
        #expect(home.read("docs/shelf/a.txt") == "a.txt" && home.read("docs/shelf/b.txt") == "b.txt")
    }

    @Test func aCopiedFolderGetsNoJournals() throws {
        #expect(home.run(["append", "documents", "logs/a.jsonl"], stdin: "1").status == 0)
        try tornAppend("a.jsonl", "2", in: "logs/")
        #expect(home.run(["copy", "documents", "logs", "caches"]).status == 0)
        #expect(home.allPaths().filter { $0.hasPrefix("cache/shelf/logs") } == ["cache/shelf/logs", "cache/shelf/logs/a.jsonl"])
    }
}

@Suite struct Checksum64Tests {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    @Test func theSumDoesNotDependOnHowTheBytesArrive() {
        let whole = Checksum64.of(bytes)
        for split in [[1], [7, 8, 9], [3, 500, 997], Array(stride(from: 1, to: 1000, by: 13))] {
            var sum = Checksum64()
            var start = 0
            for end in split + [bytes.count] {
                sum.update(Array(bytes[start..<end]))
                start = end
            }
            #expect(sum.value == whole, "\(split)")
        }
    }

    @Test func anyChangedByteOrLengthChangesTheSum() {
        let whole = Checksum64.of(bytes)
        for index in [0, 7, 8, 500, 999] {
            var changed = bytes
            changed[index] ^= 0x80
            #expect(Checksum64.of(changed) != whole, "byte \(index)")
        }
        #expect(Checksum64.of(bytes + [0]) != whole)
        #expect(Checksum64.of(Array(bytes.dropLast())) != whole)
        #expect(Checksum64.of([]) != Checksum64.of([0]))
    }
}
