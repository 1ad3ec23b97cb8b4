import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// Issue 12, item 12: an append costs the size of its item whatever a valid file holds. An array
/// with blanks by the thousand around its `]` (written by another program) is rewritten once, the
/// JSON value kept, and every later append touches only the end again.
@Suite struct ArrayBlanksTests {
    let home = TestHome()
    let relative = "docs/shelf/big.json"

    /// `head`, `count` blanks (a mix of the four, seeded), then `tail`, written as another program would.
    func write(_ head: String, blanks count: Int, _ tail: String) throws {
        var seed: UInt64 = 7
        let blanks: [UInt8] = [0x20, 0x09, 0x0a, 0x0d]
        let middle = (0..<count).map { _ -> UInt8 in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return blanks[Int(seed >> 62)]
        }
        try Data(Array(head.utf8) + middle + Array(tail.utf8)).write(to: URL(fileURLWithPath: home.path(relative)))
    }

    var size: Int {
        var st = stat()
        return stat(home.path(relative), &st) == 0 ? Int(st.st_size) : -1
    }

    func elements() -> String { home.run(["retrieve", "documents", "big.json", "--each"]).stdout }

    @Test(arguments: [("[1,2", "]\n"), ("[1,2]", "\n"), ("[", "]")])
    func blanksAroundTheBracketAreRewrittenOnceAndTheValueKept(_ head: String, _ tail: String) throws {
        try home.write(relative, "")
        try write(head, blanks: 1 << 20, tail)
        #expect(home.run(["append", "documents", "big.json"], stdin: "3").status == 0)
        let rewritten = size
        // Only the blanks went: what is left is the elements and a newline.
        #expect(rewritten < 64, "\(rewritten) bytes")
        #expect(home.run(["append", "documents", "big.json"], stdin: "{\"four\": 4}").status == 0)
        let expected = head == "[" ? "3\n{\"four\":4}\n" : "1\n2\n3\n{\"four\":4}\n"
        #expect(elements() == expected)
        #expect(home.read(relative)?.hasSuffix("}]\n") == true)
    }

    @Test func aFewBlanksAreKeptAsTheyAre() throws {
        try home.write(relative, "[\n  1\n" + String(repeating: " ", count: 4000) + "]\n\n")
        #expect(home.run(["append", "documents", "big.json"], stdin: "2").status == 0)
        #expect(home.read(relative) == "[\n  1,2\n" + String(repeating: " ", count: 4000) + "]\n\n")
    }

    @Test func blanksBeforeTheOpeningBracketAreNeverRead() throws {
        try home.write(relative, "")
        try write("", blanks: 1 << 20, "[1]")
        #expect(home.run(["append", "documents", "big.json"], stdin: "2").status == 0)
        #expect(size == (1 << 20) + 5)
        #expect(elements() == "1\n2\n")
    }

    @Test(arguments: ["torn-journal", "journal", "partial-data", "data", "rollback"])
    func aCrashWhileTheBracketMovesLeavesTheOldBytesOrTheNewValue(_ point: String) throws {
        try home.write(relative, "")
        try write("[1,2", blanks: 10_000, "]\n")
        let before = try #require(FileManager.default.contents(atPath: home.path(relative)))
        let killed = try home.process(["append", "documents", "big.json"], stdin: "3",
                                                      environment: [Failpoints.variable: point])
        if point == "rollback" {
            #expect(killed.status == 0)  // nothing to roll back: the point is never reached
        } else {
            #expect(killed.killed)
        }
        let after = elements()
        #expect(after == "1\n2\n" || after == "1\n2\n3\n")
        if after == "1\n2\n" && point != "data" {
            // Rolled back or never changed: the same bytes, blanks and all, or the bracket moved.
            let now = try #require(FileManager.default.contents(atPath: home.path(relative)))
            #expect(now == before || now.count < 64)
        }
        #expect(home.run(["append", "documents", "big.json"], stdin: "4").status == 0)
        #expect(elements() == after + "4\n")
    }

    /// (That only the ends are read, the middle trusted: AppendJSONTests.theItemJoinsTheStoredArray.)
    @Test func blanksAreFoundFromEitherEnd() {
        #expect(Blanks.lastNonBlank(Array(" \t\r\n x \t\r\n         ".utf8)) == 5)
        #expect(Blanks.firstNonBlank(Array(" \t\r\n         \u{0b}".utf8)) == 13)
        #expect(Blanks.firstNonBlank(Array(repeating: 0x20, count: 17)) == nil)
    }
}
