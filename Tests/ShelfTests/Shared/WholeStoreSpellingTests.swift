import Foundation
import Testing

/// `--root` and `SHELF_ROOT` name one folder as the whole store; the root folder, the system's
/// top folders and the home folder (or above it) never are, however spelled (issue 21, item 6).
/// Every spelling of `/` (links to it too), the system folders and the home folder, by `--root` and
/// by `SHELF_ROOT`, through list, clear --dry-run and exists: the battery's "root spellings" (64,
/// nothing printed, nothing written). Here: a writer, what the refusals say, and the documented use.
@Suite struct WholeStoreSpellingTests {
    let home = TestHome()

    @Test func theHomeFolderAndAboveAreRefusedAFolderInsideIsNot() throws {
        home.expect(["--root", home.root, "save", "caches", "f"], stdin: "x", status: 64, saying: "never a whole store")
        // `..` after a folder that does not exist yet would be made, then climbed out of.
        home.expect(["--root", home.root + "/job/..", "save", "caches", "f"], stdin: "x", status: 64, saying: "climbs with '..'")
        // Only a command that reads, for a system folder: a build without the guard must not write there.
        home.expect(["list", "caches"], environment: ["SHELF_ROOT": "/etc"], status: 64, saying: "never a whole store")
        let above = (home.root as NSString).deletingLastPathComponent
        #expect(home.run(["--root", above, "list", "caches"]).status == 64)
        #expect(!home.exists("f"))
        // The documented use: a folder of its own inside the home folder.
        #expect(home.run(["--root", home.path("job/state"), "save", "caches", "last-run"], stdin: "x").status == 0)
        #expect(home.read("job/state/last-run") == "x")
    }
}
