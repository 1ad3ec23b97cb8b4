import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// `edit` hands its editor a path outside the store (issue 21, items 5 and 7): a user who can
/// write the store's folder can neither redirect the editor nor make the edits disappear. (Root's
/// edit raced by a second user who swaps the store's entries for links: the battery's "second user".)
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
    /// the edits are kept where the message says, and the status is 75. (The same and shelf's own
    /// remove, rename and clear meanwhile, for update and save --from-command too: the battery's
    /// "removed while running".)
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
