import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCLI
@testable import ShelfCore

/// Values from outside at their extremes (issue 12, item 9): times, expiry attributes and index
/// lines near Int64.min and Int64.max, sizes that add past Int64.max, environment files that are
/// not files, and durations and sizes typed on the command line. Each is saturated or refused
/// with a message; none may trap.
@Suite struct OutsideValueTests {
    let home = TestHome()

    @Test(arguments: [(0, "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
                      (253_402_300_800, "+10000-01-01T00:00:00Z"), (-62_167_219_201, "-0001-12-31T23:59:59Z"),
                      (Int64.max, "+292277026596-12-04T15:30:07Z"), (Int64.min, "-292277022657-01-27T08:29:52Z"),
                      (Int64.min + 1, "-292277022657-01-27T08:29:53Z")] as [(Int64, String)])
    func everySixtyFourBitTimeFormats(_ time: Int64, _ text: String) {
        #expect(TimestampText.format(time) == text)
    }

    @Test(arguments: [Int64.min, Int64.min + 1, -1, Int64.max])
    func anExpiryAttributeAtAnExtremeListsAndIsJudged(_ expires: Int64) throws {
        #expect(home.run(["save", "caches", "f.txt"], stdin: "kept").status == 0)
        let fd = open(home.path("cache/shelf/f.txt"), O_RDONLY)
        defer { close(fd) }
        try ExtendedAttributes.set(ExtendedAttributes.expiry, Array(String(expires).utf8), on: FileDescriptor(raw: fd, path: "f.txt"))
        let listed = home.run(["list", "-l", "caches"])
        #expect(listed.status == 0 && listed.stdout.contains(TimestampText.format(expires)))
        let read = home.run(["retrieve", "caches", "f.txt"])
        #expect(read.status == (expires < 0 ? 3 : 0))
        #expect(read.stdout == (expires < 0 ? "" : "kept"))
        #expect(home.run(["clear", "caches", "--expired"]).status == 0)
        #expect(home.exists("cache/shelf/f.txt") == (expires > 0))
    }

    @Test func indexLinesWithExtremeNumbersAreIgnoredOrJudged() throws {
        #expect(home.run(["save", "caches", "f.txt"], stdin: "kept").status == 0)
        var st = stat()
        stat(home.path("cache/shelf/f.txt"), &st)
        try home.write("cache/shelf/.shelf-expiry", """
            \(Int64.min) \(st.st_ino) \(Int64.max).999999999999 f.txt
            99999999999999999999 \(UInt64.max) -0.-0 f.txt
            """)
        #expect(home.run(["list", "-l", "caches"]).status == 0)
        #expect(home.run(["retrieve", "caches", "f.txt"]).stdout == "kept")
        #expect(home.run(["clear", "caches", "--expired"]).status == 0)
    }

    @Test func anExpiryIndexLargerThanAnyShelfWritesIsRefusedNotRead() throws {
        #expect(home.run(["save", "caches", "f.txt"], stdin: "kept").status == 0)
        try home.write("cache/shelf/.shelf-expiry", "")
        #expect(truncate(home.path("cache/shelf/.shelf-expiry"), 1 << 40) == 0)
        home.expect(["list", "-l", "caches"], status: 74, saying: ".shelf-expiry", "remove it")
    }

    @Test func durationsAndSizesAtTheirExtremesParseOrAreRefused() {
        #expect(home.run(["save", "caches", "f.txt"], stdin: "x").status == 0)
        #expect(home.run(["clear", "caches", "--older-than", "999999999999d"]).status == 0)
        #expect(home.run(["clear", "caches", "--older-than", "9223372036854775807s"]).status == 0)
        #expect(home.run(["clear", "caches", "--older-than", "9223372036854775808s"]).status == 64)
        #expect(home.run(["clear", "caches", "--max-size", "9223372036854775807"]).status == 0)
        #expect(home.run(["clear", "caches", "--max-size", "8E"]).status == 64)
        #expect(home.run(["save", "caches", "g.txt", "--expires-in", "999999999999d"], stdin: "x").status == 0)
        #expect(home.run(["save", "caches", "g.txt", "--expires-in", "106751991167300d"], stdin: "x").status == 64)
        #expect(home.run(["list", "-l", "caches"]).stdout.contains("2737"))
        #expect(home.exists("cache/shelf/f.txt"))
    }

    @Test func aClockAtAnExtremeIsNoTrap() throws {
        #expect(home.run(["save", "caches", "f.txt"], stdin: "x").status == 0)
        try home.write("cache/shelf/.shelf-tmp-left", "")
        let store = try home.store()
        #expect(try store.clear(.caches, options: ClearOptions(olderThan: Int64.max, now: Int64.min)).failed.isEmpty)
        #expect(try store.clear(.caches, options: ClearOptions(olderThan: Int64.min, expiredOnly: true, now: Int64.max)).removed == ["f.txt"])
    }

    @Test func aProgressLineTakesTotalsNearInt64Max() {
        let line = ProgressLine(label: "retrieve", unit: .bytes, enabled: false, output: Output(descriptor: -1), clock: { 0 })
        line.expect(Int64.max)
        line.advance(by: Int64.max - 1)
        line.advance(by: Int64.max)
        #expect(line.done == Int64.max)
        #expect(line.text(elapsed: 1).contains("(100%)"))
    }

    @Test func aUserDirsFileThatIsAFIFODoesNotBlock() throws {
        var environment = home.environment
        environment["XDG_DOCUMENTS_DIR"] = nil
        try FileManager.default.createDirectory(atPath: home.path("config"), withIntermediateDirectories: true)
        #expect(mkfifo(home.path("config/user-dirs.dirs"), 0o600) == 0)
        let store = try Store(environment: environment)
        #expect(try store.path(for: nil, in: .documents) == home.path("Documents/shelf"))
    }
}

/// Sizes past Int64.max need a file system that keeps 64-bit sparse sizes: tmpfs.
@Suite(.enabled(if: SharedMemory.isSeparateFileSystem, "needs /dev/shm (tmpfs)"))
struct SparseSizeTests {
    let folder = try! SharedMemory.makeFolder()
    var environment: [String: String] { ["HOME": folder, "XDG_CACHE_HOME": folder + "/cache"] }

    func run(_ arguments: [String], stdin: String = "") -> CLIResult {
        CLIResult.run(arguments, stdin: Array(stdin.utf8), environment: environment)
    }

    func sparse(_ name: String, _ size: Int64) {
        let path = folder + "/cache/shelf/" + name
        close(open(path, O_WRONLY | O_CREAT, 0o600))
        #expect(truncate(path, off_t(size)) == 0)
    }

    @Test func sizesThatAddPastInt64MaxAreClearedWhole() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(run(["save", "caches", "small.txt"], stdin: "x").status == 0)
        for i in 0..<4 { sparse("sparse\(i)", Int64.max - Int64(i)) }
        let planned = run(["clear", "caches", "--max-size", "1M", "--dry-run", "--json"])
        #expect(planned.status == 0 && planned.stdout.contains("\"freedBytes\":9223372036854775807"))
        let listed = run(["list", "-l", "--human", "caches"])
        #expect(listed.status == 0 && listed.stdout.contains("8.0 EiB"))
        let cleared = run(["clear", "caches", "--json"])
        #expect(cleared.status == 0 && cleared.stdout.contains("\"removed\":5"), "\(cleared.stderr)")
    }

    @Test func anAppendThatWouldPassInt64MaxIsRefusedBeforeWriting() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(run(["save", "caches", "seed.txt"], stdin: "x").status == 0)
        for name in ["big.bin", "big.jsonl"] {
            sparse(name, Int64.max - 1)
            let result = run(["append", "caches", name], stdin: "{\"a\":1}\n")
            #expect(result.status == 74 && result.stderr.contains("File too large"))
            var st = stat()
            #expect(stat(folder + "/cache/shelf/" + name, &st) == 0 && st.st_size == Int64.max - 1)
        }
    }

    @Test func aFileLargerThanMemoryIsRefusedWholeReads() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(run(["save", "caches", "seed.txt"], stdin: "x").status == 0)
        sparse("huge.bin", Int64.max)
        let store = try Store(environment: environment)
        #expect(throws: ShelfError.self) { try store.retrieve("huge.bin", from: .caches, as: Data.self) }
        #expect(throws: ShelfError.self) { try store.retrieveBytes("huge.bin", from: .caches) }
    }
}
