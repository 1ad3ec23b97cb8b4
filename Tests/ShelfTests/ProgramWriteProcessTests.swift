import Foundation
import Glibc
import Testing

/// `update` and `save --from-command` as processes: concurrency (exact counts; updates and appends
/// of one array interleaved: LeftoverTests.concurrentAppendsAndUpdatesLoseNothingAndLeaveNothing) and
/// the nested shelf that would wait for its own update's lock. Kills of shelf or of its program at random
/// moments are the battery's "program writes: kills" (old or whole new content, the lock free).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: BuiltBinary.path)))
struct ProgramWriteProcessTests {
    let home = TestHome()

    /// The acceptance test of issue 15: 8 processes × 100 increments of one counter give exactly
    /// 800. With jq where it is installed; a small awk counter otherwise.
    @Test func eightProcessesOfAHundredUpdatesLoseNothing() throws {
        let increment = Subprocess.which("jq") != nil ? "exec jq -c '.n += 1'"
            : "exec awk '{ gsub(/[^0-9]/, \"\"); printf \"{\\\"n\\\":%d}\\n\", $0 + 1 }'"
        try program("increment", increment)
        let script = """
            echo '{"n":0}' | "$S" save caches n.json || exit 1
            # 8 lanes of 100 updates each; xargs waits for its own children.
            seq 800 | xargs -P 8 -n 100 sh -c 'for i; do "$0" update caches n.json -- sh ./increment || echo failed; done' "$S"
            "$S" retrieve caches n.json
            """
        let result = try home.sh(script)
        #expect(result.stdout == "{\"n\":800}\n", "\(result.stderr)")
    }

    /// A small script in the home (the scripts run there), run through sh: exec'ing a file just
    /// written fails with ETXTBSY when a parallel test forks meanwhile.
    func program(_ name: String, _ body: String) throws {
        try home.write(name, "#!/bin/sh\n" + body + "\n")
        chmod(home.path(name), 0o755)
    }

    /// A program that calls shelf on the file its update holds fails at once (the update then
    /// fails with its status) instead of waiting forever; other files are fine.
    @Test func aNestedShelfOnTheLockedFileFailsInsteadOfHanging() throws {
        let script = """
            echo '{"n":1}' | "$S" save caches n.json || exit 1
            for inner in 'retrieve caches n.json' 'append caches n.json' 'update caches n.json -- cat' 'save caches n.json'; do
                "$S" update caches n.json -- sh -c "cat; echo 2 | \\"\\$0\\" $inner >/dev/null" "$S"
                echo "status $?"
            done
            "$S" update caches n.json -- sh -c 'echo x | "$0" save caches other.txt && cat' "$S"
            echo "other $?"
            "$S" retrieve caches n.json
            # With --create the update also holds its folder's shared lock: a folder append waits for it.
            "$S" update caches d/x --create a -- sh -c 'cat; echo 1 | "$0" append caches d/' "$S"
            echo "folder $?"
            """
        let result = try home.sh(script)
        // The nested shelf exits 74, so the program does; update says so with its own 125 (issue 22 item 8).
        #expect(result.stdout == "status 125\nstatus 125\nstatus 125\nstatus 125\nother 0\n{\"n\":1}\nfolder 125\n", "\(result.stderr)")
        #expect(result.stderr.contains("exited with status 74"), "\(result.stderr)")
        #expect(result.stderr.contains("locked by the update that runs this program: \(home.path("cache/shelf/n.json"))"))
    }
}

/// `edit` as a process: a SIGTERM to shelf while the editor runs reaches the editor, and the
/// private copy is removed before shelf ends with 128+15.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: BuiltBinary.path)))
struct EditSignalTests {
    let home = TestHome()

    @Test func aTerminatedEditLeavesNothing() throws {
        try home.write("editor", """
            #!/bin/sh
            echo changed > "$1"
            p=$PPID
            while [ "$(cat /proc/$p/comm)" != shelf ]; do p=$(cut -d' ' -f4 /proc/$p/stat); done
            kill -TERM $p
            sleep 2

            """)
        chmod(home.path("editor"), 0o755)
        let result = try home.sh("""
            echo old | "$S" save documents t.txt || exit 1
            EDITOR="sh ./editor" "$S" edit documents t.txt; echo "edit $?"
            "$S" retrieve documents t.txt
            """)
        #expect(result.stdout == "edit 143\nold\n", "\(result.stderr)")
        #expect(!home.allPaths().contains { $0.contains(".shelf-tmp-") })
    }
}
