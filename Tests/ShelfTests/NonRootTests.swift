import Foundation
import Glibc
import ShelfTestSupport
import Testing

/// Read-only folders stop only unprivileged users, and tests usually run as root. So these run the
/// built binary as `nobody` through setpriv(1), in a test home handed over to that user.
@Suite(.enabled(if: Unprivileged.available, "needs to run as root with setpriv(1) available, to become an unprivileged user"))
struct NonRootTests {
    static let nobody: uid_t = 65534
    let home = TestHome()

    /// Gives the whole test home (and `extra` folders) to nobody, as if that user had made it.
    func handOver(_ extra: [String] = []) {
        for root in [home.root] + extra {
            chmod(root, 0o755)
            lchown(root, NonRootTests.nobody, NonRootTests.nobody)
            for sub in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
                lchown(root + "/" + sub, NonRootTests.nobody, NonRootTests.nobody)
            }
        }
    }

    func asNobody(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Subprocess.Result {
        try home.process(arguments, environment: extra.merging(["PATH": "/usr/bin:/bin"]) { $1 }, asNobody: true)
    }

    func leftovers() -> [String] { home.allPaths().filter { $0.contains(".shelf-") } }

    @Test func theUnprivilegedUserCanMoveInItsOwnHome() throws {
        #expect(home.run(["save", "documents", "a.txt"], stdin: "a").status == 0)
        handOver()
        let result = try asNobody(["move", "documents", "a.txt", "caches"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(home.read("cache/shelf/a.txt") == "a")
    }

    @Test func movingOutOfAReadOnlyFolderIsRefused() throws {
        #expect(home.run(["save", "documents", "ro/a.txt"], stdin: "a").status == 0)
        handOver()
        chmod(home.path("docs/shelf/ro"), 0o555)
        let result = try asNobody(["move", "documents", "ro/a.txt", "caches"])
        #expect(result.status == 77)
        #expect(result.stderr.contains("permission denied"))
        #expect(home.read("docs/shelf/ro/a.txt") == "a")
        #expect(!home.exists("cache/shelf/ro/a.txt"))
    }

    @Test func movingIntoAReadOnlyFolderIsRefused() throws {
        home.save(("documents", "in/a.txt", "a"), ("caches", "in/keep.txt", "k"))
        handOver()
        chmod(home.path("cache/shelf/in"), 0o555)
        let result = try asNobody(["move", "documents", "in/a.txt", "caches"])
        #expect(result.status == 77)
        #expect(home.read("docs/shelf/in/a.txt") == "a")
        #expect(!home.exists("cache/shelf/in/a.txt"))
    }

    @Test func renamingInAReadOnlyFolderIsRefused() throws {
        #expect(home.run(["save", "caches", "ro/a.txt"], stdin: "a").status == 0)
        handOver()
        chmod(home.path("cache/shelf/ro"), 0o555)
        let result = try asNobody(["rename", "caches", "ro/a.txt", "ro/b.txt"])
        #expect(result.status == 77)
        #expect(home.read("cache/shelf/ro/a.txt") == "a" && !home.exists("cache/shelf/ro/b.txt"))
    }

    @Test func copyingIntoAReadOnlyFolderIsRefusedAndLeavesNothing() throws {
        home.save(("caches", "t/a.txt", "a"), ("documents", "ro/x", "x"))
        handOver()
        chmod(home.path("docs/shelf/ro"), 0o555)
        let result = try asNobody(["copy", "caches", "t", "documents", "ro/t"])
        #expect(result.status == 77)
        #expect(!home.exists("docs/shelf/ro/t"))
        #expect(leftovers().isEmpty)
    }

    @Test func anEmptyJournalAnotherUserLeftDoesNotBlockAnAppend() throws {
        #expect(home.run(["append", "documents", "l.jsonl"], stdin: "1").status == 0)
        handOver()
        // root appends after the hand-over; its journal goes with its commit (issue 22, item 15).
        #expect(home.run(["append", "documents", "l.jsonl"], stdin: "2").status == 0)
        var st = stat()
        #expect(lstat(home.path("docs/shelf/.shelf-journal2-l.jsonl"), &st) != 0)
        // An empty one an earlier version left, root's: nobody cannot open it.
        try home.write("docs/shelf/.shelf-journal2-l.jsonl", "")
        #expect(lstat(home.path("docs/shelf/.shelf-journal2-l.jsonl"), &st) == 0 && st.st_uid == 0)
        let result = try asNobody(["append", "documents", "l.jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(home.read("docs/shelf/l.jsonl") == "1\n2\n")
        #expect(lstat(home.path("docs/shelf/.shelf-journal2-l.jsonl"), &st) != 0 || st.st_uid == NonRootTests.nobody)
    }

    @Test func aFileTheUserMayNotReadCanStillBeRenamedAndRemoved() throws {
        #expect(home.run(["save", "documents", "a.txt"], stdin: "a").status == 0)
        handOver()
        chmod(home.path("docs/shelf/a.txt"), 0o200)
        let renamed = try asNobody(["rename", "documents", "a.txt", "b.txt"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let removed = try asNobody(["remove", "documents", "b.txt"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!home.exists("docs/shelf/a.txt") && !home.exists("docs/shelf/b.txt"))
    }

    /// Found by the reliability battery: rename(2) needs only the folder's write right, so a save
    /// used to replace a file its owner had made read-only.
    @Test func replacingAReadOnlyFileIsRefused() throws {
        #expect(home.run(["save", "caches", "frozen.txt"], stdin: "keep").status == 0)
        handOver()
        chmod(home.path("cache/shelf/frozen.txt"), 0o444)
        let result = try asNobody(["save", "caches", "frozen.txt", "--file", "/dev/null"])
        #expect(result.status == 77)
        #expect(result.stderr.contains(home.path("cache/shelf/frozen.txt")))
        #expect(home.read("cache/shelf/frozen.txt") == "keep")
        #expect(leftovers().isEmpty)
        chmod(home.path("cache/shelf/frozen.txt"), 0o644)
        #expect(try asNobody(["save", "caches", "frozen.txt", "--file", "/dev/null"]).status == 0)
        #expect(home.read("cache/shelf/frozen.txt") == "")
    }

    /// Across file systems the source is removed last: a source folder that cannot be changed
    /// must be refused before copying, not leave a second copy behind.
    @Test(.enabled(if: SharedMemory.isSeparateFileSystem, "needs /dev/shm on a file system other than the temp folder"))
    func aCrossFileSystemMoveOutOfAReadOnlyFolderCopiesNothing() throws {
        let shm = try SharedMemory.makeFolder()
        defer { chmod(shm + "/shelf/ro", 0o700); try? FileManager.default.removeItem(atPath: shm) }
        let runtime = ["XDG_RUNTIME_DIR": shm]
        #expect(home.run(["save", "temporary", "ro/a.txt"], stdin: "a", environment: runtime).status == 0)
        handOver([shm])
        chmod(shm + "/shelf/ro", 0o555)
        let result = try asNobody(["move", "temporary", "ro/a.txt", "documents"], environment: runtime)
        #expect(result.status == 77)
        #expect(FileManager.default.contents(atPath: shm + "/shelf/ro/a.txt") == Data("a".utf8))
        #expect(!home.exists("docs/shelf/ro/a.txt"))
        #expect(leftovers().isEmpty)
    }

    /// A sub-folder whose entries cannot be removed (read-only) is found before anything is
    /// copied: the move installed the target and removed part of the source before it failed.
    @Test(.enabled(if: SharedMemory.isSeparateFileSystem, "needs /dev/shm on a file system other than the temp folder"))
    func aCrossFileSystemMoveOfATreeWithAReadOnlySubFolderChangesNothing() throws {
        let shm = try SharedMemory.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: shm) }
        let runtime = ["XDG_RUNTIME_DIR": shm]
        for path in ["tree/a.txt", "tree/locked/b.txt", "tree/z.txt"] {
            #expect(home.run(["save", "documents", path], stdin: path).status == 0)
        }
        handOver([shm])
        chmod(home.path("docs/shelf/tree/locked"), 0o555)
        defer { chmod(home.path("docs/shelf/tree/locked"), 0o755) }
        let result = try asNobody(["move", "documents", "tree", "temporary"], environment: runtime)
        #expect(result.status == 77, "\(result.stderr)")
        for path in ["tree/a.txt", "tree/locked/b.txt", "tree/z.txt"] { #expect(home.read("docs/shelf/" + path) == path) }
        #expect(!FileManager.default.fileExists(atPath: shm + "/shelf/tree"))
        #expect(leftovers().isEmpty)
    }
}

extension Unprivileged {
    /// Whether this process can start another as `nobody`.
    static var available: Bool { getuid() == 0 && setpriv != nil }
}
