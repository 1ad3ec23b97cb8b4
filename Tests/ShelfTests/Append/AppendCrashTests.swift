import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// A `shelf append` killed with SIGKILL at each step (see `Failpoints`): the next shelf command
/// must see the file with or without the new item, never torn, and leave no record in the
/// journal. The killed process held the file's exclusive lock: that the next command gets in at
/// all shows that a dead appender's lock never blocks anyone.
@Suite struct AppendCrashTests {
    let home = TestHome()

    func crash(_ path: String, at point: Failpoints.Point, input: String, _ extra: [String] = []) throws {
        let outcome = try home.process(["append", "documents", path] + extra, stdin: input,
                                    environment: [Failpoints.variable: point.rawValue])
        #expect(outcome.killed && outcome.status == 9, "\(point): \(outcome.status) \(outcome.stderr)")
    }

    /// Journals holding a record (empty ones stay between appends).
    func pendingJournals() -> [String] {
        home.allPaths().filter { $0.contains(JournalName.commonPrefix) && !(home.read($0) ?? "").isEmpty }
    }

    /// `reused`: an earlier append made the journal, so this one writes into an existing file.
    @Test(arguments: [Failpoints.Point.tornJournal, .journal, .partialData, .data], [false, true])
    func aKilledArrayAppendIsRepairedByTheNextReader(_ point: Failpoints.Point, reused: Bool) throws {
        let old = reused ? "[\n  {\"n\": 1},0\n]\n" : "[\n  {\"n\": 1}\n]\n"
        try home.write("docs/shelf/log.json", "[\n  {\"n\": 1}\n]\n")
        if reused { #expect(try home.process(["append", "documents", "log.json"], stdin: "0").status == 0) }
        try crash("log.json", at: point, input: "{\"n\": 2}")
        if point == .partialData {
            // Proof that the test bites: on disk the file is torn until someone recovers it.
            #expect(home.read("docs/shelf/log.json") == String(old.dropLast(3)) + ",{\"n\"")
        }
        #expect(pendingJournals().count == 1)
        let new = String(old.dropLast(3)) + ",{\"n\": 2}\n]\n"
        let read = try home.process(["retrieve", "documents", "log.json"])
        #expect(read.status == 0 && read.stdout == (point == .data ? new : old))
        #expect(pendingJournals().isEmpty)
        #expect(try home.process(["append", "documents", "log.json"], stdin: "3").status == 0)
        #expect(home.read("docs/shelf/log.json") == String(read.stdout.dropLast(3)) + ",3\n]\n")
    }

    @Test(arguments: [Failpoints.Point.tornJournal, .journal, .partialData, .data])
    func aKilledLinesAppendIsRepairedByTheNextAppender(_ point: Failpoints.Point) throws {
        try home.write("docs/shelf/l.jsonl", "1\n")
        try crash("l.jsonl", at: point, input: "2\n3\n")
        #expect(try home.process(["append", "documents", "l.jsonl"], stdin: "4").status == 0)
        #expect(home.read("docs/shelf/l.jsonl") == (point == .data ? "1\n2\n3\n4\n" : "1\n4\n"))
        #expect(pendingJournals().isEmpty)
    }

    @Test func aKilledEachAppendLosesAllItsElementsOrNone() throws {
        try home.write("docs/shelf/a.json", "[0]")
        try crash("a.json", at: .partialData, input: "[1, 2, 3]", ["--each"])
        let each = try home.process(["retrieve", "documents", "a.json", "--each"])
        #expect(each.status == 0 && each.stdout == "0\n")
    }

    @Test func aKilledRawAppendLeavesTheOldBytes() throws {
        try home.write("docs/shelf/n.txt", "old")
        try crash("n.txt", at: .partialData, input: "new!")
        #expect(home.read("docs/shelf/n.txt") == "oldne")  // half written, not committed
        #expect(try home.process(["retrieve", "documents", "n.txt"]).stdout == "old")
    }

    @Test func aRollbackKilledHalfWayIsFinishedByTheNextAccess() throws {
        try home.write("docs/shelf/a.json", "[1]  ")
        try crash("a.json", at: .partialData, input: "22222222")
        #expect(home.read("docs/shelf/a.json") == "[1,2222")
        // The next appender starts the rollback and dies after putting the tail back.
        try crash("a.json", at: .rollback, input: "3")
        #expect(home.read("docs/shelf/a.json") == "[1]  22")
        #expect(pendingJournals().count == 1)
        #expect(try home.process(["retrieve", "documents", "a.json"]).stdout == "[1]  ")
        #expect(try home.process(["append", "documents", "a.json"], stdin: "3").status == 0)
        #expect(home.read("docs/shelf/a.json") == "[1,3]  ")
    }

    /// A killed rewrite leaves the old value. Issue 21, item 10: the window the guarantee names
    /// (docs/reliability.md, "Limits"). A SIGKILL after the complete temp got its name and before
    /// the rename over the file leaves that one hidden temp, whole, which no listing shows and whose
    /// lock died with the process: `clear` removes it at once (writers do not sweep folders for it:
    /// a listing per save costs more than the save).
    @Test func aKilledRewriteLeavesTheOldValueAndOneHiddenTempThatClearRemoves() throws {
        try home.write("docs/shelf/v.json", "{\"only\": 1}")
        try crash("v.json", at: .rewrite, input: "2", ["--wrap"])
        let temps = home.allPaths().filter { $0.hasPrefix("docs/shelf/" + TempFile.prefix) }
        #expect(temps.count == 1 && temps.allSatisfy { home.read($0) == "[{\"only\": 1},2]" }, "\(temps)")
        #expect(try home.process(["list", "documents"]).stdout == "v.json\n")
        #expect(try home.process(["retrieve", "documents", "v.json"]).stdout == "{\"only\": 1}")
        #expect(try home.process(["append", "documents", "v.json", "--wrap"], stdin: "2").status == 0)
        #expect(home.read("docs/shelf/v.json") == "[{\"only\": 1},2]")
        #expect(try home.process(["clear", "documents", "--all"]).status == 0)
        #expect(home.allPaths().filter { $0.hasPrefix("docs/shelf/.shelf-") }.isEmpty)
    }
}
