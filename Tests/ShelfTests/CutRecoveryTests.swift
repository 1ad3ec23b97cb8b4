import Foundation
import Glibc
import ShelfTestSupport
import Testing
@testable import ShelfCore

/// Issue 21: what cuts on FUSE and network file systems leave, and what the next command does.
/// (That save, copy, move, rename, update and append never have libfuse hide the target before
/// renaming over it is the battery's "libfuse: replace an open target", bindfs under strace.)
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

    /// Item 2, the rewrites whose new content derives from the old file (update, an append's
    /// conversion to an array): on FUSE they let go of the file before the rename, and whoever
    /// takes its lock meanwhile must wait at its journal's lock (`ReplaceGate`) and start again on
    /// the new file, or an append to the old one, or an update made from it, is lost. Processes
    /// updating and appending to one file at once on a bindfs mount: every line arrives.
    @Test(.enabled(if: ScratchDisks.fuseUnavailable(ScratchDisks.needsRoot) == nil, "needs root, /dev/fuse and bindfs"))
    func concurrentUpdatesAndAppendsOnLibfuseLoseNothing() throws {
        let fuse = try FuseMount(source: home.path("under"), mountPoint: home.path("cache"))
        defer { try? fuse.unmount() }
        home.save(("caches", "c.jsonl", "0\n"), ("caches", "w.json", "0"))
        var environment = home.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        environment["S"] = BuiltBinary.path
        // Four processes, each 12 updates (a line `2`) and 12 appends (a line `1`) to c.jsonl,
        // and appends (`1`) and updates (one more `1` inside the array) to w.json, which the
        // first append converts from a single value into an array.
        // A process waiting for a file's lock holds it open, so libfuse still hides the file first
        // when another one is renamed over it, and an update that looks for the name in that
        // moment finds nothing (exit 66, nothing changed): it is run again.
        // xargs runs the four and waits for them (it exits 123 if one failed).
        let script = #"""
            printf '1\n2\n3\n4\n' | xargs -P 4 -I{} sh -c '
              update() { until "$S" update caches "$@"; do [ $? -eq 66 ] || return 1; done; }
              for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
                update c.jsonl -- sh -c "cat; echo 2" || exit 1
                echo 1 | "$S" append caches c.jsonl > /dev/null || exit 2
                echo 1 | "$S" append caches w.json --wrap > /dev/null || exit 3
                update w.json -- sed "s/][[:space:]]*\$/,1]/; s/^0\$/[0,1]/" || exit 4
              done'
            """#
        try Subprocess.run("/bin/sh", ["-c", script], environment: environment, directory: home.root).expect(status: 0)
        let lines = (home.read("cache/shelf/c.jsonl") ?? "").split(separator: "\n")
        #expect(lines.filter { $0 == "2" }.count == 48, "updates lost")
        #expect(lines.filter { $0 == "1" }.count == 48, "appends lost")
        #expect(lines.count == 97)
        let array = (home.read("cache/shelf/w.json") ?? "").filter { !$0.isWhitespace }
        #expect(array.hasPrefix("[0,") && array.filter { $0 == "1" }.count == 96, "\(array)")
    }

    /// Item 2, the last gap: on FUSE a writer (an append) or a reader (a copy, which reads the
    /// file as sync and the library's folder reads do) that arrives while an update holds the file
    /// must wait without the file open, at the file's gate (`ReplaceGate`): one waiting for the
    /// file's own lock holds it open, and the update's rename then makes libfuse hide the old file
    /// first. The waiter starts once the update's program runs, and the program ends once the
    /// waiter waits for a lock (`/proc/locks` shows its blocked request).
    @Test(.enabled(if: ScratchDisks.fuseUnavailable(ScratchDisks.needsRoot) == nil && ScratchDisks.which("strace") != nil, "needs root, /dev/fuse, bindfs and strace"),
          arguments: [(#"echo 1 | "$S" append caches t.jsonl"#, "0\n2\n1\n"), (#""$S" copy caches t.jsonl caches c.jsonl"#, "0\n2\n")])
    func aWaiterForAnUpdateIsNotOpenWhenItRenames(_ waiter: String, _ stored: String) throws {
        let fuse = try FuseMount(source: home.path("under"), mountPoint: home.path("cache"), trace: home.path("trace.txt"))
        #expect(home.run(["save", "caches", "t.jsonl"], stdin: "0\n").status == 0)
        var environment = home.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        environment["S"] = BuiltBinary.path
        environment["D"] = home.path("steps")
        let script = #"""
            mkdir "$D" && mkfifo "$D/go" || exit 3
            "$S" update caches t.jsonl -- sh -c 'cat; : > "$D/running"; read x < "$D/go"; echo 2' & U=$!
            n=0; until [ -e "$D/running" ]; do n=$((n+1)); [ $n -lt 3000 ] || exit 4; sleep 0.01; done
            \#(waiter) > /dev/null & A=$!
            n=0; until grep -Eq -- "-> FLOCK +ADVISORY +(WRITE|READ) +$A " /proc/locks; do n=$((n+1)); [ $n -lt 3000 ] || exit 5; sleep 0.01; done
            echo > "$D/go"
            wait $U || exit 1
            wait $A || exit 2
            """#
        try Subprocess.run("/bin/sh", ["-c", script], environment: environment, directory: home.root).expect(status: 0)
        #expect(home.read("cache/shelf/t.jsonl") == stored)
        if waiter.contains("copy") { #expect(home.read("cache/shelf/c.jsonl") == "0\n2\n") }
        try fuse.unmount()
        let hidden = (home.read("trace.txt") ?? "").split(separator: "\n").filter { $0.contains("t.jsonl\", \"") && $0.contains(".fuse_hidden") }
        #expect(hidden.isEmpty, "libfuse hid the file a waiter held open: \(hidden)")
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
        let cleared = home.expect(["clear", "caches"], status: 0)
        #expect(!cleared.stdout.contains("fuse_hidden0"))
        #expect(!home.exists("cache/shelf/n/" + standIn))
        #expect(!home.exists("cache/shelf/" + standIn))
        #expect(!home.exists("cache/shelf/.fuse_hidden-mine"))
    }
}
