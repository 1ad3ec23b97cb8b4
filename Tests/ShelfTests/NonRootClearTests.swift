import Foundation
import Glibc
import Testing

/// clear, list and the backup flag where permissions say no: run as `nobody` (see NonRootTests).
extension NonRootTests {
    @Test func clearReportsWhatItCannotRemoveAndRemovesTheRest() throws {
        for path in ["ro/a.txt", "ro/b.txt", "ok/c.txt", "top.txt"] {
            #expect(home.run(["save", "caches", path], stdin: "1").status == 0)
        }
        handOver()
        chmod(home.path("cache/shelf/ro"), 0o555)
        let result = try asNobody(["clear", "caches", "--json"]).expect(status: 77)
        #expect(result.stdout.hasPrefix(#"{"removed":2,"freedBytes":2,"failed":[{"name":"ro/"#))
        #expect(result.stdout.contains(#""error":"permission denied: \#(home.path("cache/shelf/ro/a.txt"))""#))
        #expect(result.stderr.contains("shelf: clear: permission denied: \(home.path("cache/shelf/ro/b.txt"))"))
        #expect(result.stderr.contains("2 entries could not be removed; the rest were."))
        #expect(home.read("cache/shelf/ro/a.txt") == "1" && home.read("cache/shelf/ro/b.txt") == "1")
        #expect(!home.exists("cache/shelf/ok") && !home.exists("cache/shelf/top.txt"))
    }

    @Test func clearAndListReportAFolderTheyCannotRead() throws {
        #expect(home.run(["save", "documents", "locked/a.txt"], stdin: "a").status == 0)
        #expect(home.run(["save", "documents", "b.txt"], stdin: "b").status == 0)
        handOver()
        chmod(home.path("docs/shelf/locked"), 0o000)
        let result = try asNobody(["clear", "documents", "--all"]).expect(status: 77)
        #expect(result.stderr.contains("permission denied: \(home.path("docs/shelf/locked"))"))
        #expect(!home.exists("docs/shelf/b.txt"))
        // list refuses the folder it cannot read, and lists it in its parent.
        let listed = try asNobody(["list", "documents", "locked"])
        #expect(listed.status == 77 && listed.stdout.isEmpty)
        #expect(try asNobody(["list", "documents"]).stdout == "locked/\n")
        chmod(home.path("docs/shelf/locked"), 0o700)
        #expect(home.read("docs/shelf/locked/a.txt") == "a")
    }

    @Test func doNotBackupOfAFileTheUserMayNotWriteIsRefused() throws {
        #expect(home.run(["save", "documents", "ro.txt"], stdin: "r").status == 0)
        handOver()
        chmod(home.path("docs/shelf/ro.txt"), 0o444)
        try asNobody(["do-not-backup", "documents", "ro.txt"]).expect(status: 77, saying: "permission denied")
        #expect(home.attribute("user.xdg.robots.backup", of: "docs/shelf/ro.txt") == nil)
    }
}
