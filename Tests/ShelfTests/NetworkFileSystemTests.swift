import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// The network-file-system path (issue 12, item 17), forced with SHELF_FORCE_NETWORK_FS=1 since
/// no NFS server is at hand: no O_TMPFILE, no `renameat2` flags, no `/proc/locks`, each file's
/// lock tried instead, and every command still doing its work. Run on the built binary, as the
/// variable is read once per process.
@Suite struct NetworkFileSystemTests {
    let home = TestHome()
    static let strace = Subprocess.which("strace")

    func shelf(_ arguments: [String], stdin: String = "", forced: Bool = true, traced: String? = nil) throws -> Subprocess.Result {
        var environment = home.environment
        if forced { environment[NetworkFileSystem.forcingVariable] = "1" }
        guard let traced, let strace = NetworkFileSystemTests.strace else {
            return try Subprocess.run(BuiltBinary.path, arguments, environment: environment, stdin: stdin)
        }
        return try Subprocess.run(strace, ["-f", "-qq", "-e", "trace=openat,open,renameat2,rename,renameat", "-o", traced,
                                           BuiltBinary.path] + arguments, environment: environment, stdin: stdin)
    }

    @Test func theMagicNumbersOfLinuxMagicHTellNetworkFileSystemsFromLocalOnes() {
        for (magic, name) in [(0x6969, "NFS"), (0xFF53_4D42, "CIFS"), (0xFE53_4D42, "SMB2"), (0x0102_1997, "9p"),
                              (0x00C3_6400, "Ceph"), (0x6573_5546, "FUSE"), (0x5346_414F, "AFS")] {
            #expect(NetworkFileSystem.magics[UInt64(magic)] == name)
        }
        // ext4, XFS, btrfs, tmpfs, overlayfs: local.
        for local in [0xEF53, 0x5846_5342, 0x9123_683E, 0x0102_1994, 0x794C_7630] {
            #expect(NetworkFileSystem.magics[UInt64(local)] == nil)
        }
    }

    @Test(.enabled(if: NetworkFileSystemTests.strace != nil, "needs strace(1)"))
    func theForcedPathUsesNoTmpfileNoRenameFlagsAndNoLockSnapshot() throws {
        let trace = home.path("trace.txt")
        var text = ""
        func run(_ arguments: [String], stdin: String = "") throws {
            let result = try shelf(arguments, stdin: stdin, traced: trace)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            text += (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        }
        try run(["save", "caches", "a.json"], stdin: "[1]")
        try run(["save", "caches", "a.json"], stdin: "[1,2]")
        try run(["append", "caches", "a.json"], stdin: "3")
        try run(["append", "caches", "log.jsonl"], stdin: "{}")
        try run(["append", "caches", "box/"], stdin: "x")
        try run(["copy", "caches", "a.json", "documents"])
        try run(["save", "documents", "tree/b.txt"], stdin: "b")
        try run(["save", "caches", "tree/c.txt"], stdin: "c")
        try run(["move", "caches", "tree", "documents", "--replace-folder"])
        try run(["rename", "documents", "a.json", "z.json"])
        try run(["sync", "caches", "users"], stdin: "[{\"id\":\"x\"}]")
        try run(["clear", "caches"])
        for needle in ["O_TMPFILE", "renameat2(", "/proc/locks"] { #expect(!text.contains(needle), "\(needle) used") }
        #expect(home.read("docs/shelf/z.json") == "[1,2,3]")
        #expect(home.read("docs/shelf/tree/c.txt") == "c" && !home.exists("docs/shelf/tree/b.txt"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path("cache/shelf")) == ["CACHEDIR.TAG"])
        // Unforced, on the local file system of the tests, the fast paths are taken.
        // (The save's unnamed file is the fast path looked for: the clear reads /proc/locks on a
        // thread of its own, BackgroundHeldLocks, which a clear of one file may end before.)
        _ = try shelf(["save", "caches", "a.json"], stdin: "[1]", forced: false, traced: trace)
        let local = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(local.contains("O_TMPFILE"))
    }

    @Test func theForcedClearSkipsAFileAnotherProcessHoldsLocked() throws {
        #expect(try shelf(["save", "caches", "busy.txt"], stdin: "busy").status == 0)
        #expect(try shelf(["save", "caches", "idle.txt"], stdin: "idle").status == 0)
        let fd = open(home.path("cache/shelf/busy.txt"), O_RDWR)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        let cleared = try shelf(["clear", "caches", "--json"])
        #expect(cleared.status == 0 && cleared.stdout.contains("\"skipped\":1"), "\(cleared.stdout) \(cleared.stderr)")
        #expect(home.read("cache/shelf/busy.txt") == "busy")
        #expect(!home.exists("cache/shelf/idle.txt"))
    }
}
