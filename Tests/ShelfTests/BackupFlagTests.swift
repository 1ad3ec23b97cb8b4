import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

@Suite struct BackupFlagTests {
    let home = TestHome()

    @Test func doNotBackupSetsTheFreedesktopAttributeAndBackupRemovesIt() {
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
    }

    @Test func foldersCanBeExcludedToo() throws {
        #expect(home.run(["save", "applicationSupport", "index/a"], stdin: "a").status == 0)
        #expect(home.run(["do-not-backup", "applicationSupport", "index/"]).status == 0)
        #expect(home.attribute("user.xdg.robots.backup", of: "data/shelf/index") == "false")
        #expect(try home.store().isExcludedFromBackup("index", in: .applicationSupport))
        #expect(try !home.store().isExcludedFromBackup("index/a", in: .applicationSupport))
    }

    /// (A save over it keeps what the file carries, issue 22 item 6: KeptMetadataTableTests' "save".)
    @Test func theFlagTravelsWithRenameAndCopy() throws {
        #expect(home.run(["save", "caches", "a"], stdin: "a").status == 0)
        #expect(home.run(["do-not-backup", "caches", "a"]).status == 0)
        #expect(home.run(["rename", "caches", "a", "b"]).status == 0)
        #expect(home.run(["copy", "caches", "b", "documents"]).status == 0)
        let store = try home.store()
        #expect(try store.isExcludedFromBackup("b", in: .caches) && store.isExcludedFromBackup("b", in: .documents))
    }

    @Test func aLinkIsRefusedAndItsTargetUntouched() throws {
        try home.write("outside.txt", "o")
        #expect(home.run(["save", "documents", "x"], stdin: "x").status == 0)
        #expect(symlink(home.path("outside.txt"), home.path("docs/shelf/link")) == 0)
        #expect(home.run(["do-not-backup", "documents", "link"]).status == 77)
        #expect(home.attribute("user.xdg.robots.backup", of: "outside.txt") == nil)
    }

    @Test func otherFalseSpellingsCountAsExcluded() {
        #expect(Store.meansFalse(Array("false".utf8)) && Store.meansFalse(Array("FALSE".utf8)) && Store.meansFalse(Array("0".utf8)))
        #expect(!Store.meansFalse(Array("true".utf8)) && !Store.meansFalse([]))
    }
}
