import Foundation
import Glibc
import ShelfTestSupport
import Testing

/// A base folder the user cannot reach refuses only the commands that use it (issue 21, item 13),
/// and a read-only store folder is reported by the file asked for, not by shelf's cache tag.
@Suite(.enabled(if: Unprivileged.available, "needs to run as root with setpriv(1) available, to become an unprivileged user"))
struct UnreachableFolderTests {
    let user = NonRootTests()

    /// `su` without `-l` leaves `XDG_RUNTIME_DIR` at root's 0700 folder.
    @Test func anotherUsersRuntimeFolderRefusesOnlyTemporary() throws {
        user.handOver()
        let runtime = user.home.path("root-run")
        mkdir(runtime, 0o700)
        let environment = ["XDG_RUNTIME_DIR": runtime]
        let saved = try user.asNobody(["save", "caches", "x.txt"], environment: environment)
        #expect(saved.status == 0, "\(saved.stderr)")
        // Again, now that the namespace folder exists and is checked against the other base folders.
        let again = try user.asNobody(["save", "caches", "x.txt"], environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try user.asNobody(["list", "documents"], environment: environment).status == 0)
        #expect(try user.asNobody(["retrieve", "caches", "x.txt"], environment: environment).status == 0)
        let temporary = try user.asNobody(["save", "temporary", "t.txt"], environment: environment)
        #expect(temporary.status == 77 && temporary.stderr.contains(runtime), "\(temporary.stderr)")
    }

    @Test func aReadOnlyStoreFolderNamesTheFileNotTheCacheTag() throws {
        mkdir(user.home.path("cache"), 0o700)
        mkdir(user.home.path("cache/shelf"), 0o700)
        user.handOver()
        chmod(user.home.path("cache/shelf"), 0o500)
        let result = try user.asNobody(["save", "caches", "x.txt"])
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("x.txt") && !result.stderr.contains("CACHEDIR.TAG"), "\(result.stderr)")
    }
}
