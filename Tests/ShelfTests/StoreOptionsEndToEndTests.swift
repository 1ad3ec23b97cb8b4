import Foundation
import Glibc
import Testing

/// Issue 15's store options from the built binary: modes, folders under --force, --root, apps.
@Suite struct StoreOptionsEndToEndTests {
    let home = TestHome()

    func shelf(_ arguments: [String], stdin: String = "", umask: String = "022",
               environment extra: [String: String] = [:]) throws -> Subprocess.Result {
        // Through sh, so that the umask is the one given (the test process's own is shared).
        try Subprocess.run("/bin/sh", ["-c", "umask \(umask) && exec \"$0\" \"$@\"", BuiltBinary.path] + arguments,
                           environment: home.environment.merging(["PATH": "/usr/bin:/bin"].merging(extra) { $1 }) { $1 }, stdin: stdin)
    }

    func mode(_ relative: String) -> UInt32 {
        var st = stat()
        return lstat(home.path(relative), &st) == 0 ? UInt32(st.st_mode) & 0o7777 : 0xFFFF
    }

    @Test func modeIsNarrowedByTheUmaskAndKeptOnTheNextSave() throws {
        #expect(try shelf(["save", "documents", "www/a.html", "--mode", "0664"], stdin: "a", umask: "027").status == 0)
        #expect(mode("docs/shelf/www/a.html") == 0o640)
        #expect(mode("docs/shelf/www") == 0o750)
        #expect(chmod(home.path("docs/shelf/www/a.html"), 0o644) == 0)
        #expect(try shelf(["save", "documents", "www/a.html"], stdin: "b", umask: "077").status == 0)
        #expect(mode("docs/shelf/www/a.html") == 0o644)
    }

    /// Issue 15's other statuses from the binary are the in-process tests' (a bad --mode:
    /// FileModeTests; --root and SHELF_ROOT: RootFolderTests, AppsCommandTests; copy -f merging:
    /// FolderForceTests; --replace-folder: TransferCommonTests); this message is said only here.
    @Test func aForcedMoveOntoAFolderThatIsNotEmptyIsRefused() throws {
        #expect(try shelf(["save", "caches", "t/new"], stdin: "n").status == 0)
        #expect(try shelf(["save", "documents", "t/old"], stdin: "o").status == 0)
        let move = try shelf(["move", "-f", "caches", "t", "documents"])
        #expect(move.status == 73 && move.stdout.isEmpty && move.stderr.hasPrefix("shelf: move: will not replace the folder"))
        #expect(home.read("docs/shelf/t/old") == "o" && home.read("cache/shelf/t/new") == "n")
    }
}
