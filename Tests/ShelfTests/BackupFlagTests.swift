import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// (The flag travels with rename, copy and move: ExpiryTests.theExpiryAndTheBackupFlagTravelWithRenameMoveAndCopy;
/// a save over the file keeps it, issue 22 item 6: KeptMetadataTableTests' "save".)
@Suite struct BackupFlagTests {
    let home = TestHome()

    @Test func doNotBackupSetsTheFreedesktopAttributeAndBackupRemovesItButNotThroughALink() throws {
        #expect(home.run(["save", "documents", "video.mkv"], stdin: "v").status == 0)
        let excluded = home.run(["do-not-backup", "documents", "video.mkv"])
        #expect(excluded.status == 0 && excluded.stdout.isEmpty && excluded.stderr.isEmpty)
        #expect(home.attribute("user.xdg.robots.backup", of: "docs/shelf/video.mkv") == "false")
        #expect(home.run(["list", "-l", "documents"]).stdout.hasSuffix("\tno-backup\tvideo.mkv\n"))
        // Twice is fine.
        #expect(home.run(["do-not-backup", "documents", "video.mkv"]).status == 0)
        #expect(home.run(["backup", "documents", "video.mkv"]).status == 0)
        #expect(home.attribute("user.xdg.robots.backup", of: "docs/shelf/video.mkv") == nil)
        #expect(home.run(["backup", "documents", "video.mkv"]).status == 0)
        // The content and the modification time are untouched.
        #expect(home.read("docs/shelf/video.mkv") == "v")
        // A link is refused, and its target left untouched.
        try home.write("outside.txt", "o")
        #expect(symlink(home.path("outside.txt"), home.path("docs/shelf/link")) == 0)
        #expect(home.run(["do-not-backup", "documents", "link"]).status == 77)
        #expect(home.attribute("user.xdg.robots.backup", of: "outside.txt") == nil)
    }

    @Test func foldersCanBeExcludedToo() throws {
        #expect(home.run(["save", "applicationSupport", "index/a"], stdin: "a").status == 0)
        #expect(home.run(["do-not-backup", "applicationSupport", "index/"]).status == 0)
        #expect(home.attribute("user.xdg.robots.backup", of: "data/shelf/index") == "false")
        #expect(try home.store().isExcludedFromBackup("index", in: .applicationSupport))
        #expect(try !home.store().isExcludedFromBackup("index/a", in: .applicationSupport))
    }

    @Test func otherFalseSpellingsCountAsExcluded() {
        #expect(Store.meansFalse(Array("false".utf8)) && Store.meansFalse(Array("FALSE".utf8)) && Store.meansFalse(Array("0".utf8)))
        #expect(!Store.meansFalse(Array("true".utf8)) && !Store.meansFalse([]))
    }
}
