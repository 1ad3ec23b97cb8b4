import Foundation
import Glibc
import Testing

/// `--root` and `SHELF_ROOT` name one folder as the whole store; the root folder, the system's
/// top folders and the home folder (or above it) never are, however spelled (issue 21, item 6).
@Suite struct WholeStoreSpellingTests {
    let home = TestHome()

    static let refused = ["/.", "/./", "//.", "/tmp/..", "/usr/../", "/etc", "/usr/", "/var/.", "/tmp"]

    @Test(arguments: refused)
    func theRootFolderAndSystemFoldersAreRefusedHoweverSpelled(_ spelling: String) {
        // Commands that only read: on a build without the guard they must not write into `/`
        // or walk the whole disk (the battery's root-spellings also plans a clear).
        for command in [["list", "caches"], ["exists", "caches", "etc"]] {
            let flag = home.expect(["--root", spelling] + command, stdin: "x", status: 64)
            #expect(flag.stdout.isEmpty && (flag.stderr.contains("never a whole store") || flag.stderr.contains("climbs with '..'")),
                    "\(flag.stderr)")
            home.expect(command, stdin: "x", environment: ["SHELF_ROOT": spelling], status: 64)
        }
    }

    @Test func aLinkToTheRootFolderIsRefused() {
        symlink("/", home.path("top"))
        #expect(home.run(["--root", home.path("top"), "list", "caches"]).status == 64)
        #expect(home.run(["--root", home.path("top/etc/.."), "list", "caches"]).status == 64)
    }

    @Test func theHomeFolderAndAboveAreRefusedAFolderInsideIsNot() throws {
        #expect(home.run(["--root", home.root, "save", "caches", "f"], stdin: "x").status == 64)
        // `..` after a folder that does not exist yet would be made, then climbed out of.
        #expect(home.run(["--root", home.root + "/job/..", "save", "caches", "f"], stdin: "x").status == 64)
        let above = (home.root as NSString).deletingLastPathComponent
        #expect(home.run(["--root", above, "list", "caches"]).status == 64)
        #expect(!home.exists("f"))
        // The documented use: a folder of its own inside the home folder.
        #expect(home.run(["--root", home.path("job/state"), "save", "caches", "last-run"], stdin: "x").status == 0)
        #expect(home.read("job/state/last-run") == "x")
    }
}
