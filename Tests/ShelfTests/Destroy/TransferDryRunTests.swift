import Testing
@testable import ShelfCore

/// `--dry-run` of move, copy and rename: the same checks, the paths that would be replaced or
/// removed at the target (relative to its directory's folder), nothing changed, no folder made.
@Suite struct TransferDryRunTests {
    let home = TestHome()

    /// A free target lists nothing and makes no folder; a file replaced is listed only with --force, and kept.
    @Test func aFreeTargetListsNothingAndAFileReplacedIsListedOnlyWithForce() {
        #expect(home.run(["save", "caches", "f.txt"], stdin: "new").status == 0)
        let free = home.run(["copy", "--dry-run", "caches", "f.txt", "documents", "new/deep/f.txt"])
        #expect(free.status == 0 && free.stdout.isEmpty, "\(free.stderr)")
        #expect(!home.exists("docs/shelf/new"))
        #expect(home.run(["move", "--dry-run", "caches", "missing", "documents"]).status == 66)
        home.save(("documents", "f.txt", "old"))
        for command in ["move", "copy"] {
            #expect(home.run([command, "--dry-run", "caches", "f.txt", "documents"]).status == 73)
            let dry = home.run([command, "--dry-run", "--force", "caches", "f.txt", "documents"])
            #expect(dry.status == 0 && dry.stdout == "f.txt\n", "\(command): \(dry.stderr)")
        }
        #expect(home.run(["rename", "-n", "-f", "caches", "f.txt", "g.txt"]).stdout.isEmpty)
        #expect(home.read("docs/shelf/f.txt") == "old" && home.read("cache/shelf/f.txt") == "new")
    }

    @Test func aMergeListsTheFilesItReplacesAndReplaceFolderTheWholeTarget() {
        for name in ["d/x", "d/s/y"] { #expect(home.run(["save", "caches", name], stdin: "new").status == 0) }
        for name in ["d/x", "d/only", "d/s/z"] { #expect(home.run(["save", "documents", name], stdin: "old").status == 0) }
        let merge = home.run(["copy", "--dry-run", "--force", "caches", "d", "documents"])
        #expect(merge.stdout == "d/x\n", "\(merge.stdout) \(merge.stderr)")
        let whole = home.run(["move", "--dry-run", "--replace-folder", "caches", "d", "documents"])
        #expect(whole.stdout == "d/only\nd/s/z\nd/x\nd/\n", "\(whole.stdout)")
        #expect(home.run(["move", "--dry-run", "--force", "caches", "d", "documents"]).status == 73)
        let json = home.run(["copy", "--dry-run", "--json", "--force", "caches", "d", "documents"])
        #expect(json.stdout == "{\"directory\":\"documents\",\"dryRun\":true,\"removedPaths\":[{\"name\":\"d/x\",\"path\":\"\(home.path("docs/shelf/d/x"))\"}]}\n", "\(json.stdout)")
        #expect(home.read("docs/shelf/d/x") == "old" && home.read("docs/shelf/d/only") == "old")
    }
}
