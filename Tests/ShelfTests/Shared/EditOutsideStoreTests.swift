import Foundation
import Glibc
import ShelfTestSupport
import Testing
@testable import ShelfCore

/// `edit` hands its editor a path outside the store (issue 21, items 5 and 7): a user who can
/// write the store's folder can neither redirect the editor nor make the edits disappear.
@Suite struct EditOutsideStoreTests {
    let home = TestHome()

    init() {
        mkdir(home.path("tmp"), 0o700)
    }

    /// An editor that writes `content` into the file it is given and records its path.
    func editor(writing content: String, then command: String = "true") -> [String: String] {
        ["EDITOR": "sh -c 'printf %s \"$1\" > \"\(home.path("given"))\"; printf \"\(content)\" > \"$1\"; \(command)' sh"]
    }

    @Test func theEditorsCopyIsInAPrivateFolderUnderTMPDIR() throws {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "old").status == 0)
        home.expect(["edit", "caches", "a.txt"], environment: editor(writing: "new"), status: 0)
        #expect(home.read("cache/shelf/a.txt") == "new")
        let given = home.read("given") ?? ""
        #expect(given.hasPrefix(home.path("tmp/.shelf-edit-")) && given.hasSuffix("/a.txt"), "\(given)")
        #expect(!given.hasPrefix(home.path("cache")))
        // Removed afterwards.
        #expect(!home.allPaths().contains { $0.contains(".shelf-edit-") || $0.contains(".shelf-tmp-") })
    }

    /// The stored file removed, renamed or replaced, or its folder removed, while the editor runs:
    /// the edits are kept where the message says, and the status is 75.
    @Test(arguments: ["rm \"$D/sub/a.txt\"", "mv \"$D/sub/a.txt\" \"$D/sub/b.txt\"", "rm -r \"$D/sub\"",
                      "mv \"$D/sub\" \"$D/other\"", "rm \"$D/sub/a.txt\"; mkfifo \"$D/sub/a.txt\"",
                      "rm \"$D/sub/a.txt\"; ln -s /etc/hostname \"$D/sub/a.txt\""])
    func editsSurviveTheFileGoingAway(_ meanwhile: String) throws {
        #expect(home.run(["save", "caches", "sub/a.txt"], stdin: "old").status == 0)
        let env = editor(writing: "mine", then: "D=\"\(home.path("cache/shelf"))\"; " + meanwhile.replacingOccurrences(of: "'", with: ""))
        let result = home.expect(["edit", "caches", "sub/a.txt"], environment: env, status: 75, saying: "changed while you were editing it")
        let given = home.read("given") ?? "?"
        #expect(result.stderr.contains("kept in \(given)"), "\(result.stderr)")
        #expect((try? String(contentsOfFile: given, encoding: .utf8)) == "mine", "\(meanwhile)")
    }

    /// A `clear` of the whole directory while the editor runs.
    @Test func editsSurviveAClear() throws {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "old").status == 0)
        guard FileManager.default.isExecutableFile(atPath: BuiltBinary.path) else { return }
        let env = editor(writing: "mine", then: "\"\(BuiltBinary.path)\" clear caches")
        home.expect(["edit", "caches", "a.txt"], environment: env, status: 75)
        let given = home.read("given") ?? "?"
        #expect((try? String(contentsOfFile: given, encoding: .utf8)) == "mine")
    }

    /// A temporary folder that other users could write (not sticky) is never used; /tmp-like
    /// sticky folders and folders of this user are.
    @Test func aFolderOthersCanChangeIsNotUsed() throws {
        let open = home.path("open")
        mkdir(open, 0o777)
        chmod(open, 0o777)
        #expect(throws: ShelfError.self) { try PrivateFolder.make(under: [open]) }
        let made = try PrivateFolder.make(under: [open, home.path("tmp")])
        #expect(made.folder.path.hasPrefix(home.path("tmp/.shelf-edit-")))
        var st = stat()
        #expect(stat(made.folder.path, &st) == 0 && st.st_mode & 0o777 == 0o700)
        made.remove()
        #expect(!FileManager.default.fileExists(atPath: made.folder.path))
        chmod(open, 0o1777)
        let sticky = try PrivateFolder.make(under: [open])
        #expect(sticky.folder.path.hasPrefix(open + "/.shelf-edit-"))
        sticky.remove()
        symlink(home.path("tmp"), home.path("link"))
        #expect(throws: ShelfError.self) { try PrivateFolder.make(under: [home.path("link")]) }
    }
}

/// A second user who can write the store races root's `edit` (issue 21, item 5): the editor (run
/// as root) first lets `nobody` move every private folder it finds in the store's folder aside
/// and put a link to a root-only folder under its name, then writes the file it was given.
@Suite(.enabled(if: Unprivileged.available, "needs root and setpriv(1) to act as a second user"))
struct EditSecondUserTests {
    let home = TestHome()

    @Test func aSecondUserCannotRedirectRootsEditor() throws {
        mkdir(home.path("tmp"), 0o700)
        chmod(home.root, 0o755)  // the second user must reach the store
        let store = home.path("shared")
        mkdir(store, 0o777)
        chmod(store, 0o777)
        let secret = home.path("secret")
        mkdir(secret, 0o700)
        #expect(home.run(["--root", store, "save", "caches", "a.txt"], stdin: "old").status == 0)
        try home.write("attack", """
            cd "\(store)" || exit 0
            for d in .shelf-tmp-*; do
                [ -d "$d" ] || continue
                mv "$d" "$d.moved" && ln -s "\(secret)" "$d"
            done
            exit 0

            """)
        let attack = "\(Unprivileged.setpriv!) --reuid=65534 --regid=65534 --clear-groups -- sh \(home.path("attack"))"
        let env = ["EDITOR": "sh -c '\(attack); echo planted > \"$1\"' sh"]
        home.expect(["--root", store, "edit", "caches", "a.txt"], environment: env, status: 0)
        #expect(!FileManager.default.fileExists(atPath: secret + "/a.txt"), "root's editor wrote outside the store")
        #expect(home.read("shared/a.txt") == "planted\n")
    }
}
