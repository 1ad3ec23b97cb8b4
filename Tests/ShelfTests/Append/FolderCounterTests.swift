import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// Issue 12, item 11 and issue 16, part 3: folder appends keep working after any name a user
/// saved, and keep the next number instead of listing the folder, without ever trusting a
/// counter that something else has made stale.
@Suite struct FolderCounterTests {
    let home = TestHome()

    func append(_ input: String) -> String {
        let result = home.run(["append", "documents", "n/"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    @Test(arguments: [String(repeating: "9", count: 255), String(repeating: "0", count: 254) + "9"])
    func appendsKeepWorkingAfterAnyNumberedName(_ user: String) throws {
        try home.write("docs/shelf/n/" + user, "the user's")
        let names = (0..<3).map { append("item \($0)") }
        // 255 digits do not count (their successor could not be a name); a shorter value does.
        #expect(names == (user.hasPrefix("0") ? ["10", "11", "12"] : ["0", "1", "2"]))
        #expect(home.read("docs/shelf/n/" + user) == "the user's")
        for (i, name) in names.enumerated() { #expect(home.read("docs/shelf/n/" + name) == "item \(i)") }
    }

    @Test func afterUInt64MaxComesItsSuccessor() throws {
        try home.write("docs/shelf/n/18446744073709551615", "max")
        #expect(append("a") == "18446744073709551616")
        #expect(append("b") == "18446744073709551617")
    }

    @Test func theCounterIsUsedInsteadOfListingTheFolder() throws {
        #expect(append("a") == "0")
        #expect(home.exists("docs/shelf/n/.shelf-counter"))
        // Planted in a way that changes nothing a counter is checked against: the listing would
        // say 1, the counter says what it says.
        let folder = try FileDescriptor.open(home.path("docs/shelf/n"), [.readOnly, .folder])
        defer { folder.close() }
        try FolderCounter.with(in: folder) { $0.record("7") }
        #expect(append("b") == "7")
        #expect(append("c") == "8")
    }

    @Test func aFileAnotherProgramAddsIsSeen() throws {
        #expect(append("a") == "0")
        try home.write("docs/shelf/n/500", "theirs")
        #expect(append("b") == "501")
        #expect(unlink(home.path("docs/shelf/n/501")) == 0)
        #expect(append("c") == "501")
        #expect(home.read("docs/shelf/n/500") == "theirs")
    }

    @Test(arguments: ["save", "rename", "copy", "move"])
    func shelfsOwnNewNumberedNamesAreSeen(_ how: String) throws {
        #expect(append("a") == "0")
        switch how {
        case "save": #expect(home.run(["save", "documents", "n/700"], stdin: "x").status == 0)
        case "rename":
            #expect(home.run(["save", "documents", "x"], stdin: "x").status == 0)
            #expect(home.run(["rename", "documents", "x", "n/700"]).status == 0)
        default:
            #expect(home.run(["save", "caches", "n/700"], stdin: "x").status == 0)
            #expect(home.run([how, "caches", "n/700", "documents"]).status == 0)
        }
        #expect(append("b") == "701")
    }

    @Test(arguments: ["garbage", "hand-edited", "sparse", "fifo", "folder", "link"])
    func aDamagedCounterIsIgnoredAndNothingIsOverwritten(_ damage: String) throws {
        #expect(append("a") == "0")
        #expect(append("b") == "1")
        let counter = home.path("docs/shelf/n/.shelf-counter")
        switch damage {
        case "garbage": try home.write("docs/shelf/n/.shelf-counter", "SHELFN1\n\u{1}\u{2}garbage")
        case "hand-edited":
            // Edited in place (an editor's rename would change the folder's time): the checksum tells.
            var bytes = try #require(FileManager.default.contents(atPath: counter))
            bytes[bytes.count - 9] = UInt8(ascii: "0")
            JournalPlaceTests.writeInPlace(counter, String(decoding: bytes, as: UTF8.self))
        case "sparse": truncate(counter, 1 << 30)
        case "fifo": unlink(counter); mkfifo(counter, 0o600)
        case "folder": unlink(counter); mkdir(counter, 0o700)
        default:
            unlink(counter)
            try home.write("outside", "outside")
            symlink(home.path("outside"), counter)
        }
        #expect(append("c") == "2")
        #expect(append("d") == "3")
        #expect(home.read("docs/shelf/n/0") == "a" && home.read("docs/shelf/n/1") == "b")
        #expect(damage != "link" || home.read("outside") == "outside")
    }

    @Test func aCrashBeforeTheLinkTakesNoNumber() throws {
        #expect(append("a") == "0")
        let killed = try ShelfProcess(home: home).run(["append", "documents", "n/"], stdin: "lost",
                                                      environment: [Failpoints.variable: "folder"])
        #expect(killed.killed)
        #expect(append("b") == "1")
    }

    @Test func clearRemovesTheCounterWithTheLastFile() {
        #expect(append("a") == "0")
        #expect(home.run(["clear", "documents", "--all"]).status == 0)
        #expect(!home.exists("docs/shelf/n"))
    }

    @Test func noNameIsLeftPastTwoHundredAndFiftyFiveDigits() throws {
        #expect(throws: ShelfError.self) { try NumberedFiles.increment(FileName(String(repeating: "9", count: 255)), in: "n") }
        #expect(try NumberedFiles.increment(FileName(String(repeating: "9", count: 254)), in: "n").bytes.count == 255)
    }
}
