import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// Issue 12, item 2: shelf's own files live where no user name reaches, for every name length;
/// journals an earlier version left in the old places are still settled.
@Suite struct JournalPlaceTests {
    let home = TestHome()

    /// An earlier version's name for a long file's journal: `#` and the name's FNV-1a in hex.
    static func oldHash(_ name: String) -> String {
        "#" + String(Array(name.utf8).reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }, radix: 16)
    }

    @Test(arguments: [true, false])
    func aLongNameAndTheNameOfItsOldHashKeepTheirOwnJournals(_ longIsTorn: Bool) throws {
        let long = String(repeating: "L", count: 250), short = JournalPlaceTests.oldHash(long)
        let (torn, other) = longIsTorn ? (long, short) : (short, long)
        for name in [torn, other] {
            #expect(home.run(["save", "caches", name], stdin: "kept\n").status == 0)
            #expect(home.run(["append", "caches", name], stdin: "second\n").status == 0)
        }
        let killed = try home.process(["append", "caches", torn], stdin: String(repeating: "x", count: 5000) + "\n",
                                                      environment: [Failpoints.variable: "partial-data"])
        #expect(killed.killed)
        // Any command on the other file first: it must not settle the torn file's record.
        #expect(home.run(["append", "caches", other], stdin: "third\n").status == 0)
        #expect(home.run(["retrieve", "caches", torn]).stdout == "kept\nsecond\n")
        #expect(home.run(["retrieve", "caches", other]).stdout == "kept\nsecond\nthird\n")
    }

    /// Rewrites a file through its own inode, as `cp` over it or a crashed write leaves it.
    static func writeInPlace(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_TRUNC)
        precondition(fd >= 0)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }

    @Test func noJournalNameIsAUserNameOrAnotherFilesJournal() {
        var seen: [FileName: FileName] = [:]
        for length in 1...255 {
            for fill in ["a", "#", "f"] {
                let name = FileName(String(repeating: fill, count: length))
                let journal = JournalName.of(name)
                #expect(journal.hasPrefix(SafePath.reservedPrefix) && journal.bytes.count <= 255)
                #expect(seen[journal] == nil, "\(length) × \(fill) shares a journal with \(seen[journal]?.description ?? "")")
                seen[journal] = name
                // Never an earlier version's place, where an old record may still lie.
                #expect(!journal.hasPrefix(JournalName.Legacy.prefix))
            }
        }
        #expect(JournalName.of(FileName(String(repeating: "a", count: 239))).hasPrefix(JournalName.plainPrefix))
        #expect(JournalName.of(FileName(String(repeating: "a", count: 240))).hasPrefix(JournalName.hashedPrefix))
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(Array(repeating: 0x61, count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// A record as the released version wrote it (`SHELFJ2`) after `original`, for an append of
    /// `insert` at the end.
    func oldRecord(_ file: String, original: String, insert: String) throws -> [UInt8] {
        var st = stat()
        #expect(lstat(home.path(file), &st) == 0)
        let bytes = Array(original.utf8)
        var record = Array("SHELFJ2\n".utf8)
        let fingerprint = Array(bytes.suffix(64))
        for number in [UInt64(st.st_dev), UInt64(st.st_ino), UInt64(bytes.count), UInt64(bytes.count), 0, UInt64(fingerprint.count),
                       UInt64(bytes.count + insert.utf8.count), Checksum64.of(Array(insert.utf8))] {
            record += (0..<8).map { UInt8(truncatingIfNeeded: number >> UInt64(8 * $0)) }
        }
        record += fingerprint
        let sum = AppendJournal.fnv(record[...])
        return record + (0..<8).map { UInt8(truncatingIfNeeded: sum >> UInt64(8 * $0)) }
    }

    @Test(arguments: [false, true])
    func aCrashOfTheReleasedVersionIsStillRolledBack(_ longName: Bool) throws {
        let name = longName ? String(repeating: "n", count: 245) + ".log" : "a.log"
        let place = longName ? ".shelf-journal-" + JournalPlaceTests.oldHash(name) : ".shelf-journal-" + name
        try home.write("docs/shelf/" + name, "one\n")
        try home.write("docs/shelf/" + place, "")
        let record = try oldRecord("docs/shelf/" + name, original: "one\n", insert: "two and more\n")
        try Data(record).write(to: URL(fileURLWithPath: home.path("docs/shelf/" + place)))
        JournalPlaceTests.writeInPlace(home.path("docs/shelf/" + name), "one\ntwo a")  // torn mid-write
        #expect(home.run(["retrieve", "documents", name]).stdout == "one\n")
        #expect(!home.exists("docs/shelf/" + place))
        #expect(home.run(["append", "documents", name], stdin: "two\n").status == 0)
        #expect(home.read("docs/shelf/" + name) == "one\ntwo\n")
    }

    @Test func aStaleRecordOfTheReleasedVersionIsRetiredWithoutRollingBack() throws {
        try home.write("docs/shelf/a.log", "one\n")
        let record = try oldRecord("docs/shelf/a.log", original: "one\n", insert: "two and more\n")
        try Data(record).write(to: URL(fileURLWithPath: home.path("docs/shelf/.shelf-journal-a.log")))
        // Another file is made under the name after the record was written (even if it got the inode back).
        usleep(20_000)
        #expect(unlink(home.path("docs/shelf/a.log")) == 0)
        try home.write("docs/shelf/a.log", "one\nNEW\n")
        #expect(home.run(["retrieve", "documents", "a.log"]).stdout == "one\nNEW\n")
        #expect(!home.exists("docs/shelf/.shelf-journal-a.log"))
    }

    @Test(arguments: [["save", "caches", "CACHEDIR.TAG"], ["append", "caches", "CACHEDIR.TAG"], ["remove", "caches", "CACHEDIR.TAG"],
                      ["rename", "caches", "CACHEDIR.TAG", "x"], ["move", "caches", "CACHEDIR.TAG", "documents"],
                      ["copy", "documents", "CACHEDIR.TAG", "caches", "--force"]])
    func theCacheTagIsShelfsAndCannotBeChanged(_ arguments: [String]) throws {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "a").status == 0)
        #expect(home.run(["save", "documents", "CACHEDIR.TAG"], stdin: "mine").status == 0)
        let tag = try #require(home.read("cache/shelf/CACHEDIR.TAG"))
        let result = home.run(arguments, stdin: "mine")
        #expect(result.status == 64)
        #expect(result.stderr.contains("cache directory tag"))
        #expect(home.read("cache/shelf/CACHEDIR.TAG") == tag)
        // Elsewhere it is a name like any other.
        #expect(home.run(["save", "caches", "sub/CACHEDIR.TAG"], stdin: "mine").status == 0)
        #expect(home.run(["retrieve", "caches", "CACHEDIR.TAG"]).stdout == tag)
    }
}
