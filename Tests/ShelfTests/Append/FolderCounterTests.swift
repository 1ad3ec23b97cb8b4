import Foundation
import Glibc
import ShelfTestSupport
import Testing
@testable import ShelfCore

/// Issue 12, item 11 and issue 16, part 3: folder appends keep working after any name a user
/// saved, and keep the next number instead of listing the folder, without ever trusting a
/// counter that something else has made stale.
@Suite struct FolderCounterTests {
    let home = TestHome()

    func append(_ input: String) -> String {
        let result = home.run(["append", "documents", "n/"], stdin: input).expect(status: 0)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// 255 digits do not count (their successor could not be a name); a shorter value does, past
    /// UInt64.max and with a carry through every digit too.
    @Test(arguments: [(String(repeating: "9", count: 255), ["0", "1", "2"]),
                      (String(repeating: "0", count: 254) + "9", ["10", "11", "12"]),
                      ("18446744073709551615", ["18446744073709551616", "18446744073709551617", "18446744073709551618"]),
                      ("99999999999999999999999", ["100000000000000000000000", "100000000000000000000001",
                                                   "100000000000000000000002"])])
    func appendsKeepWorkingAfterAnyNumberedName(_ user: String, _ expected: [String]) throws {
        try home.write("docs/shelf/n/" + user, "the user's")
        let names = (0..<3).map { append("item \($0)") }
        #expect(names == expected)
        #expect(home.read("docs/shelf/n/" + user) == "the user's")
        for (i, name) in names.enumerated() { #expect(home.read("docs/shelf/n/" + name) == "item \(i)") }
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

    /// Issue 21, item 8: where the folder's time has whole seconds, a `9` another program makes in
    /// the second of the last append leaves that time as it was; the next append must still see it.
    @Test func aCounterOfAFolderWithWholeSecondTimesIsNotTrusted() throws {
        #expect(append("a") == "0")
        // Whole seconds, as such a file system keeps for any change in that second.
        home.setModified("docs/shelf/n", to: 1_700_000_000)
        let opened = try FileDescriptor.open(home.path("docs/shelf/n"), [.readOnly, .folder])
        defer { opened.close() }
        try FolderCounter.with(in: opened) { $0.record("1") }
        try home.write("docs/shelf/n/9", "theirs")
        home.setModified("docs/shelf/n", to: 1_700_000_000)
        #expect(append("b") == "10")
        #expect(home.read("docs/shelf/n/9") == "theirs")
    }

    /// The same on a real file system with whole-second times: ext4 made with 128-byte inodes.
    @Test(.enabled(if: ScratchDisks.loopUnavailable(ScratchDisks.needsRoot) == nil, "needs root, losetup, mkfs.ext4 and loop devices"))
    func numbersNeverGoBackOnExt4WithWholeSecondTimes() throws {
        let disk = try LoopImage(image: home.path("disk.img"), mountPoint: home.path("docs"), mkfsOptions: ["-I", "128"])
        try disk.mountOnNewDevice()
        defer { try? disk.unmount() }
        #expect(append("a") == "0")
        let second = home.modified("docs/shelf/n")
        try home.write("docs/shelf/n/9", "theirs")
        // Made in the same second as the append (as it is, unless a second just turned).
        home.setModified("docs/shelf/n", to: Int64(second))
        #expect(append("b") == "10")
        #expect(append("c") == "11")
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
        let killed = try home.process(["append", "documents", "n/"], stdin: "lost",
                                                      environment: [Failpoints.variable: "folder"])
        #expect(killed.killed)
        let visible = home.allPaths().filter { $0.hasPrefix("docs/shelf/n/") && !$0.hasPrefix("docs/shelf/n/.shelf-") }
        #expect(visible == ["docs/shelf/n/0"])
        #expect(append("b") == "1")
    }

    @Test func clearRemovesTheCounterWithTheLastFile() {
        #expect(append("a") == "0")
        #expect(home.run(["clear", "documents", "--all"]).status == 0)
        #expect(!home.exists("docs/shelf/n"))
    }

    @Test func noNameIsLeftPastTwoHundredAndFiftyFiveDigits() throws {
        #expect(throws: ShelfError.self) { try NumberedNames.increment(FileName(String(repeating: "9", count: 255)), in: "n") }
        #expect(try NumberedNames.increment(FileName(String(repeating: "9", count: 254)), in: "n").bytes.count == 255)
        #expect(try NumberedNames.increment("199", in: "") == "200" && NumberedNames.increment("0", in: "") == "1")
    }
}
