import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// Issue 12, item 2: shelf's own files live where no user name reaches, for every name length.
@Suite struct JournalPlaceTests {
    let home = TestHome()

    /// A long name and the name `#<its SHA-256>`: the long name's journal is `.shelf-journal2#<hex>`,
    /// the short one's `.shelf-journal2-#<hex>`, never the same.
    @Test(arguments: [true, false])
    func aLongNameAndTheNameOfItsHashKeepTheirOwnJournals(_ longIsTorn: Bool) throws {
        let long = String(repeating: "L", count: 250), short = "#" + SHA256.hex(Array(long.utf8))
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

    @Test(arguments: [["save", "caches", "CACHEDIR.TAG"], ["append", "caches", "CACHEDIR.TAG"], ["remove", "caches", "CACHEDIR.TAG"],
                      ["rename", "caches", "CACHEDIR.TAG", "x"], ["move", "caches", "CACHEDIR.TAG", "documents"],
                      ["copy", "documents", "CACHEDIR.TAG", "caches", "--force"]])
    func theCacheTagIsShelfsAndCannotBeChanged(_ arguments: [String]) throws {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "a").status == 0)
        #expect(home.run(["save", "documents", "CACHEDIR.TAG"], stdin: "mine").status == 0)
        let tag = try #require(home.read("cache/shelf/CACHEDIR.TAG"))
        home.run(arguments, stdin: "mine").expect(status: 64, saying: "cache directory tag")
        #expect(home.read("cache/shelf/CACHEDIR.TAG") == tag)
        // Elsewhere it is a name like any other.
        #expect(home.run(["save", "caches", "sub/CACHEDIR.TAG"], stdin: "mine").status == 0)
        #expect(home.run(["retrieve", "caches", "CACHEDIR.TAG"]).stdout == tag)
    }
}
