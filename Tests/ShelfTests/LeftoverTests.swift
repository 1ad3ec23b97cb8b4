import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// Nothing shelf makes for its own use stays in the user's folders once it serves no purpose
/// (issue 22, item 15): a file's append journal goes with the append that needed it, and the
/// copies `edit` keeps after exit 75 are removed by a later edit once a week has passed (what
/// exit 75 says of the copy: EditCommandTests.aFileChangedMeanwhileIsNotOverwritten).
@Suite struct LeftoverTests {
    let home = TestHome()

    /// shelf's own names left in the folder `relative` of the test home.
    func journals(in relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home.path(relative))) ?? []).filter { $0.hasPrefix(".shelf-") }.sorted()
    }

    @Test func anAppendLeavesNoJournalBehind() {
        #expect(home.run(["save", "documents", "log.json"], stdin: "[]").status == 0)
        #expect(home.run(["append", "documents", "log.json"], stdin: "1").status == 0)
        #expect(home.run(["append", "documents", "notes.txt"], stdin: "a\n").status == 0)
        #expect(home.run(["append", "documents", "notes.txt"], stdin: "b\n").status == 0)
        #expect(home.read("docs/shelf/log.json") == "[1]" && home.read("docs/shelf/notes.txt") == "a\nb\n")
        #expect(journals(in: "docs/shelf") == [])
    }

    /// An empty journal an earlier version left is deleted by the next append.
    @Test func anEarlierVersionsEmptyJournalGoesWithTheNextAppend() throws {
        #expect(home.run(["save", "documents", "log.json"], stdin: "[]").status == 0)
        try home.write("docs/shelf/.shelf-journal2-log.json", "")
        #expect(home.run(["append", "documents", "log.json"], stdin: "1").status == 0)
        #expect(journals(in: "docs/shelf") == [])
    }

    /// Many processes appending to and updating one file at once: every item lands exactly once,
    /// and no journal is left (the journal is deleted and made again around each append, under
    /// the file's lock).
    @Test func concurrentAppendsAndUpdatesLoseNothingAndLeaveNothing() throws {
        try home.write("add-u", "#!/bin/sh\nexec sed 's/]$/,\"u\"]/; s/\\[,/[/'\n")
        let script = """
            echo '[]' | "$S" save documents log.json || exit 1
            printf '' | "$S" save documents lines.txt || exit 1
            seq 6 | xargs -P 6 -n 1 sh -c 'i=0; while [ $i -lt 25 ]; do
                if [ $(($1 % 3)) = 0 ]; then "$0" update documents log.json -- sh ./add-u || echo failed
                else echo "$1" | "$0" append documents log.json || echo failed; fi
                echo "$1" | "$0" append documents lines.txt || echo failed
                i=$((i + 1)); done' "$S"
            "$S" retrieve documents log.json --each | LC_ALL=C sort | uniq -c
            echo lines $(wc -l < "$HOME/docs/shelf/lines.txt")
            ls -A "$HOME/docs/shelf"
            """
        let result = try home.sh(script)
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines == ["50 \"u\"", "25 1", "25 2", "25 4", "25 5", "lines 150", "lines.txt", "log.json"],
                "\(result.stdout)\(result.stderr)")
    }

    // MARK: - Kept edit copies

    /// A copy kept by an earlier edit, `days` old, under the test home's TMPDIR.
    func keptCopy(_ name: String, daysOld days: Int64) throws -> String {
        let folder = "tmp/" + PrivateFolder.prefix + name
        try home.write(folder + "/notes.txt", "my edits")
        let then = Int64(time(nil)) - days * 86_400
        home.setModified(folder + "/notes.txt", to: then)
        home.setModified(folder, to: then)
        return folder
    }

    /// An edit removes the copies kept longer than a week only, and never one in use: an edit
    /// still running (its editor open for days) holds its folder's lock.
    @Test func anEditRemovesCopiesKeptLongerThanAWeekOnlyAndNoneInUse() throws {
        chmod(home.path("tmp"), 0o700)
        let old = try keptCopy("0ld", daysOld: 8)
        let young = try keptCopy("y0ung", daysOld: 6)
        let busy = try keptCopy("busy", daysOld: 30)
        let fd = open(home.path(busy), O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        #expect(home.run(["save", "caches", "t.txt"], stdin: "x").status == 0)
        #expect(home.run(["edit", "caches", "t.txt"], environment: ["EDITOR": "true"]).status == 0)
        #expect(!home.exists(old))
        #expect(home.read(young + "/notes.txt") == "my edits")
        #expect(home.read(busy + "/notes.txt") == "my edits")
    }
}
