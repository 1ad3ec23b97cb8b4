import Glibc
import Testing
@testable import ShelfCore

/// `save` keeps an existing file's permission bits; `--mode` sets a new file's (less the umask).
/// (Every other rewrite keeps them too: KeptMetadataTableTests.)
@Suite struct FileModeTests {
    let home = TestHome()

    /// The process's umask, read without changing it (tests run in parallel in one process).
    static var umask: UInt32 {
        let status = (try? FileDescriptor.readSmallFile("/proc/self/status")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { UInt32($0.dropFirst(6).trimmingPrefix(while: { $0 == "\t" || $0 == " " }), radix: 8) } ?? 0o022
    }

    func mode(_ relative: String) -> UInt32 {
        var st = stat()
        #expect(lstat(home.path(relative), &st) == 0)
        return UInt32(st.st_mode) & 0o7777
    }

    /// A save over a file keeps its bits (not narrowed by the umask, without set-user-ID), with or
    /// without --mode, which is only for a new file.
    @Test(arguments: [(0o640, [], 0o640), (0o4777, [], 0o777), (0o640, ["--mode", "0666"], 0o640)] as [(mode_t, [String], UInt32)])
    func saveOverAFileKeepsItsPermissionBits(_ given: mode_t, _ options: [String], _ kept: UInt32) {
        #expect(home.run(["save", "caches", "page.html"], stdin: "one").status == 0)
        #expect(mode("cache/shelf/page.html") == 0o600 & ~Self.umask)
        #expect(chmod(home.path("cache/shelf/page.html"), given) == 0)
        #expect(home.run(["save", "caches", "page.html"] + options, stdin: "two").status == 0)
        #expect(mode("cache/shelf/page.html") == kept)
        #expect(home.read("cache/shelf/page.html") == "two")
    }

    @Test func modeGivesANewFileAndItsNewFoldersTheirBits() {
        home.expect(["save", "documents", "www/site/index.html", "--mode", "644"], stdin: "<p>", status: 0)
        #expect(mode("docs/shelf/www/site/index.html") == 0o644 & ~Self.umask)
        #expect(mode("docs/shelf/www") == 0o755 & ~Self.umask)
        #expect(mode("docs/shelf/www/site") == 0o755 & ~Self.umask)
        #expect(mode("docs/shelf") == 0o700)
    }

    @Test func readOnlyModeStillLetsTheFileBeMadeInsideNewFolders() {
        home.expect(["save", "caches", "ro/file", "--mode", "0444"], stdin: "x", status: 0)
        #expect(mode("cache/shelf/ro/file") == 0o444 & ~Self.umask)
        #expect(mode("cache/shelf/ro") == 0o755 & ~Self.umask)
        // Read-only now: a later save refuses, as for any file made read-only (root may write it).
        if getuid() != 0 { #expect(home.run(["save", "caches", "ro/file"], stdin: "y").status == 77) }
    }

    @Test(arguments: ["u+rw", "888", "01777", "4755", "", "0x1ff", "77777", "-1"])
    func badModesAreUsageErrorsAndWriteNothing(_ value: String) {
        home.expect(["save", "caches", "bad", "--mode", value], stdin: "x", status: 64, saying: "--mode")
        #expect(!home.exists("cache/shelf/bad"))
    }

    @Test func folderModeGivesSearchWhereReadIs() {
        #expect(FileMode.folder(for: 0o644) == 0o755)
        #expect(FileMode.folder(for: 0o640) == 0o750)
        #expect(FileMode.folder(for: 0o600) == 0o700)
        #expect(FileMode.folder(for: 0o000) == 0o700)
        #expect(FileMode.folder(for: 0o604) == 0o705)
    }

    @Test func appendGivesANewFileItsModeAndLeavesAnOldOneItsOwn() {
        home.expect(["append", "caches", "logs/run.jsonl", "--mode", "640"], stdin: "{\"n\":1}\n", status: 0)
        #expect(mode("cache/shelf/logs/run.jsonl") == 0o640 & ~Self.umask)
        #expect(mode("cache/shelf/logs") == 0o750 & ~Self.umask)
        #expect(home.run(["append", "caches", "logs/run.jsonl", "--mode", "666"], stdin: "{\"n\":2}\n").status == 0)
        #expect(mode("cache/shelf/logs/run.jsonl") == 0o640 & ~Self.umask)
        #expect(home.read("cache/shelf/logs/run.jsonl") == "{\"n\":1}\n{\"n\":2}\n")
    }

    @Test func appendToANewNumberedFolderGivesItsFilesTheMode() {
        #expect(home.run(["append", "caches", "shots/", "--mode", "644"], stdin: "png").status == 0)
        #expect(mode("cache/shelf/shots") == 0o755 & ~Self.umask)
        #expect(mode("cache/shelf/shots/0") == 0o644 & ~Self.umask)
    }
}
