import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// Issue 21: what cuts on FUSE and network file systems leave, and what the next command does.
@Suite struct CutRecoveryTests {
    let home = TestHome()

    /// Item 3: where rename flags are missing (FUSE, network file systems) a rename or move
    /// without `--force` links the new name, then unlinks the old one. A cut between the two
    /// leaves two links of one file; the same command run again finishes it.
    @Test(arguments: ["rename", "move"])
    func theSameCommandFinishesARenameCutBetweenLinkAndUnlink(_ command: String) throws {
        #expect(home.run(["save", "documents", "a.json"], stdin: "[1]").status == 0)
        let source = home.path("docs/shelf/a.json")
        let target = command == "rename" ? home.path("docs/shelf/b.json") : home.path("cache/shelf/a.json")
        if command == "move" { #expect(home.run(["save", "caches", "x"], stdin: "").status == 0) }
        #expect(link(source, target) == 0)  // the state the cut leaves
        let again = command == "rename" ? home.run(["rename", "documents", "a.json", "b.json"])
            : home.run(["move", "documents", "a.json", "caches"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!home.exists("docs/shelf/a.json"))
        #expect(home.read(command == "rename" ? "docs/shelf/b.json" : "cache/shelf/a.json") == "[1]")
        var st = stat()
        #expect(stat(target, &st) == 0 && st.st_nlink == 1)
    }

    @Test func aRenameOntoItselfAndACopyOntoAnotherLinkAreStillRefused() throws {
        #expect(home.run(["save", "documents", "a.json"], stdin: "[1]").status == 0)
        #expect(home.run(["rename", "documents", "a.json", "a.json"]).status == 64)
        #expect(link(home.path("docs/shelf/a.json"), home.path("docs/shelf/b.json")) == 0)
        #expect(home.run(["copy", "documents", "a.json", "documents", "--force"]).status == 64)
        #expect(home.read("docs/shelf/a.json") == "[1]")
        #expect(home.read("docs/shelf/b.json") == "[1]")
    }

    /// Item 2: libfuse (mounted without `hard_remove`) replaces a file that is open in two steps:
    /// it renames it to `.fuse_hidden…`, then renames the new one over the name; a cut between
    /// them leaves neither file under the name. shelf's own replace must not hold the target open.
    /// The bindfs daemon runs under strace: what it does below the mount is in the log.
    @Test(.enabled(if: ScratchMounts.fuseUnavailable == nil && ScratchMounts.which("strace") != nil, "needs root, /dev/fuse, bindfs and strace"),
          arguments: ["save", "copy", "move", "rename"])
    func aReplaceOnLibfuseNeverHidesTheTargetFirst(_ command: String) throws {
        let trace = home.path("trace.txt")
        let fuse = try BindfsMount(source: home.path("under"), mountPoint: home.path("cache"), trace: trace)
        // documents on the same mount, for move.
        let documents = ["XDG_DOCUMENTS_DIR": home.path("cache/docs")]
        #expect(home.run(["save", "caches", "t.json"], stdin: "[\"old\"]").status == 0)
        #expect(home.run(["save", command == "rename" ? "caches" : "documents", command == "rename" ? "s.json" : "t.json"],
                         stdin: "[\"new\"]", environment: documents).status == 0)
        let result: CLIResult
        switch command {
        case "save": result = home.run(["save", "caches", "t.json"], stdin: "[\"new\"]")
        case "rename": result = home.run(["rename", "caches", "s.json", "t.json", "--force"])
        default: result = home.run([command, "documents", "t.json", "caches", "--force"], environment: documents)
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(home.read("cache/shelf/t.json") == "[\"new\"]")
        try fuse.unmount()
        let hidden = (home.read("trace.txt") ?? "").split(separator: "\n").filter { $0.contains("t.json\", \"") && $0.contains(".fuse_hidden") }
        #expect(hidden.isEmpty, "libfuse hid the target before renaming over it: \(hidden)")
    }

    /// Item 4: libfuse's stand-ins for files removed while open are not the user's files.
    @Test func libfuseStandInsAreNotListedCopiedOrNumberedAndClearRemovesThem() throws {
        let standIn = ".fuse_hidden0000002a00000001"
        #expect(home.run(["append", "caches", "n/"], stdin: "a").stdout == "0\n")
        try home.write("cache/shelf/n/" + standIn, "old content")
        try home.write("cache/shelf/" + standIn, "old content")
        // A name of the user's that only looks a little like one stays the user's.
        try home.write("cache/shelf/.fuse_hidden-mine", "mine")
        #expect(home.run(["list", "caches", "--recursive"]).stdout == ".fuse_hidden-mine\nn/\nn/0\n")
        #expect(home.run(["list", "caches", "n"]).stdout == "0\n")
        #expect(home.run(["append", "caches", "n/"], stdin: "b").stdout == "1\n")
        #expect(home.run(["copy", "caches", "n", "documents"]).status == 0)
        #expect(!home.exists("docs/shelf/n/" + standIn))
        let cleared = home.run(["clear", "caches"])
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(!cleared.stdout.contains("fuse_hidden0"))
        #expect(!home.exists("cache/shelf/n/" + standIn))
        #expect(!home.exists("cache/shelf/" + standIn))
        #expect(!home.exists("cache/shelf/.fuse_hidden-mine"))
    }
}
