import Foundation
import Glibc
import ShelfTestSupport
import Testing

/// Read-only folders stop only unprivileged users, and tests usually run as root. So these run the
/// built binary as `nobody` through setpriv(1), in a test home handed over to that user. The
/// battery's "permissions: refusals" runs the single-file refusals (a read-only file replaced or
/// appended to, unreadable files and folders, read-only folders): 77 naming the path, nothing changed.
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
        try asNobody(["move", "documents", "a.txt", "caches"]).expect(status: 0)
        #expect(home.read("cache/shelf/a.txt") == "a")
    }

    /// A change refused in a read-only folder: the files saved first (directory, path, contents),
    /// the folder made read-only, the command, the files it must leave as they were and the paths
    /// it must not make.
    struct ReadOnlyCase: Sendable, CustomStringConvertible {
        let saves: [[String]]
        let readOnly: String
        let words: [String]
        let kept: [String: String]
        let absent: [String]
        var description: String { words.joined(separator: " ") }
    }

    static let readOnlyCases = [
        ReadOnlyCase(saves: [["documents", "ro/a.txt", "a"]], readOnly: "docs/shelf/ro", words: ["move", "documents", "ro/a.txt", "caches"],
                     kept: ["docs/shelf/ro/a.txt": "a"], absent: ["cache/shelf/ro/a.txt"]),
        ReadOnlyCase(saves: [["documents", "in/a.txt", "a"], ["caches", "in/keep.txt", "k"]], readOnly: "cache/shelf/in",
                     words: ["move", "documents", "in/a.txt", "caches"], kept: ["docs/shelf/in/a.txt": "a"], absent: ["cache/shelf/in/a.txt"]),
        ReadOnlyCase(saves: [["caches", "ro/a.txt", "a"]], readOnly: "cache/shelf/ro", words: ["rename", "caches", "ro/a.txt", "ro/b.txt"],
                     kept: ["cache/shelf/ro/a.txt": "a"], absent: ["cache/shelf/ro/b.txt"]),
        ReadOnlyCase(saves: [["caches", "t/a.txt", "a"], ["documents", "ro/x", "x"]], readOnly: "docs/shelf/ro",
                     words: ["copy", "caches", "t", "documents", "ro/t"], kept: ["cache/shelf/t/a.txt": "a"], absent: ["docs/shelf/ro/t"]),
    ]

    /// Moving out of or into, renaming in, copying into a read-only folder: 77, nothing changed, no leftovers.
    @Test(arguments: readOnlyCases)
    func aChangeInAReadOnlyFolderIsRefused(_ test: ReadOnlyCase) throws {
        for save in test.saves { home.save((save[0], save[1], save[2])) }
        handOver()
        chmod(home.path(test.readOnly), 0o555)
        try asNobody(test.words).expect(status: 77, saying: "permission denied", about: "\(test)")
        for (path, contents) in test.kept { #expect(home.read(path) == contents, "\(test): \(path)") }
        for path in test.absent { #expect(!home.exists(path), "\(test): \(path)") }
        #expect(leftovers().isEmpty, "\(test)")
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
        try asNobody(["append", "documents", "l.jsonl"]).expect(status: 0)
        #expect(home.read("docs/shelf/l.jsonl") == "1\n2\n")
        #expect(lstat(home.path("docs/shelf/.shelf-journal2-l.jsonl"), &st) != 0 || st.st_uid == NonRootTests.nobody)
    }

    @Test func aFileTheUserMayNotReadCanStillBeRenamedAndRemoved() throws {
        #expect(home.run(["save", "documents", "a.txt"], stdin: "a").status == 0)
        handOver()
        chmod(home.path("docs/shelf/a.txt"), 0o200)
        try asNobody(["rename", "documents", "a.txt", "b.txt"]).expect(status: 0)
        try asNobody(["remove", "documents", "b.txt"]).expect(status: 0)
        #expect(!home.exists("docs/shelf/a.txt") && !home.exists("docs/shelf/b.txt"))
    }

    /// Across file systems the source is removed last, so what cannot be removed must be found
    /// before anything is copied: a read-only source folder left a second copy behind, and a tree
    /// with a read-only sub-folder was installed at the target and partly removed from the source.
    @Test(.enabled(if: SharedMemory.isSeparateFileSystem, "needs /dev/shm on a file system other than the temp folder"),
          arguments: [("temporary", ["ro/a.txt"], "ro", "ro/a.txt", "documents"),
                      ("documents", ["tree/a.txt", "tree/locked/b.txt", "tree/z.txt"], "tree/locked", "tree", "temporary")])
    func aCrossFileSystemMoveThatCannotRemoveItsSourceChangesNothing(_ from: String, _ paths: [String], _ readOnly: String,
                                                                    _ moved: String, _ to: String) throws {
        let shm = try SharedMemory.makeFolder()
        let runtime = ["XDG_RUNTIME_DIR": shm]
        // The store's folder: temporary on /dev/shm, documents in the test home.
        func folder(_ directory: String) -> String { directory == "temporary" ? shm + "/shelf/" : home.path("docs/shelf/") }
        defer { chmod(folder(from) + readOnly, 0o755); try? FileManager.default.removeItem(atPath: shm) }
        for path in paths { #expect(home.run(["save", from, path], stdin: path, environment: runtime).status == 0) }
        handOver([shm])
        chmod(folder(from) + readOnly, 0o555)
        try asNobody(["move", from, moved, to], environment: runtime).expect(status: 77)
        for path in paths { #expect(FileManager.default.contents(atPath: folder(from) + path) == Data(path.utf8)) }
        #expect(!FileManager.default.fileExists(atPath: folder(to) + moved))
        #expect(leftovers().isEmpty)
    }
}

extension Unprivileged {
    /// Whether this process can start another as `nobody`.
    static var available: Bool { getuid() == 0 && setpriv != nil }
}
