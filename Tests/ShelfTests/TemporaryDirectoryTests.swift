import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// Without XDG_RUNTIME_DIR, `temporary` lives in the shared $TMPDIR and must be private. The
/// battery's "permissions: temporary fallback" makes it 0700 when missing and refuses a link,
/// another user's and a 0755 one (77, naming it, nothing written), as root and as nobody; here
/// what each refusal says.
@Suite struct TemporaryDirectoryTests {
    let home = TestHome()
    var noRuntime: [String: String] { ["XDG_RUNTIME_DIR": "", "TMPDIR": home.path("tmp")] }
    var fallback: String { home.path("tmp/shelf-\(getuid())") }

    /// A fallback folder open to others, or another user's (root only: it gives the folder away).
    @Test(arguments: [(0o777 as mode_t, nil as uid_t?, "chmod 700"), (0o700, 65534, "another user")])
    func fallbackNotPrivateIsRefused(_ mode: mode_t, _ owner: uid_t?, _ message: String) throws {
        try #require(owner == nil || getuid() == 0, "needs root to give the folder away")
        mkdir(home.path("tmp"), 0o777)
        mkdir(fallback, 0o700)
        chmod(fallback, mode)
        if let owner { chown(fallback, owner, owner) }
        home.expect(["save", "temporary", "a.txt"], stdin: "x", environment: noRuntime, status: 77, saying: message)
    }

    /// docs/directories.md: `$TMPDIR` may be the home folder, since names there are `<app>-<uid>`.
    /// The paths allowed it; the check of the folders made refused the second command (found by
    /// an outside attack).
    @Test func theHomeFolderMayBeTheTemporaryFallbackBase() {
        let environment = ["XDG_RUNTIME_DIR": "", "TMPDIR": home.root]
        for value in ["one", "two"] {
            home.expect(["save", "temporary", "a.txt"], stdin: value, environment: environment, status: 0)
        }
        #expect(home.run(["retrieve", "temporary", "a.txt"], environment: environment).stdout == "two")
        #expect(home.read("shelf-\(getuid())/a.txt") == "two")
        // An app named like a folder of the home still gets its own `<app>-<uid>`.
        #expect(home.run(["--app", ".ssh", "save", "temporary", "k"], stdin: "k", environment: environment).status == 0)
        #expect(home.read(".ssh-\(getuid())/k") == "k")
    }
}
