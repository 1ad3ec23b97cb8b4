import Glibc
import Testing
@testable import ShelfCore

/// `shelf apps`: the namespaces present in each directory's base folder.
@Suite struct AppsCommandTests {
    let home = TestHome()

    func save(_ arguments: [String]) {
        #expect(home.run(arguments, stdin: "x").status == 0)
    }

    @Test func listsEachDirectorysNamespacesSorted() throws {
        save(["save", "caches", "a"])
        save(["--app", "zeta", "save", "caches", "a"])
        save(["--app", "alpha", "save", "caches", "a"])
        save(["--app", "alpha", "save", "documents", "a"])
        save(["--app", "beta", "save", "applicationSupport", "a"])
        save(["--app", "gamma", "save", "temporary", "a"])
        save(["save", "sharedContainer:team", "a"])
        // A file and a link beside the namespaces are not namespaces.
        try home.write("cache/loose-file", "f")
        #expect(symlink(home.path("cache/shelf"), home.path("cache/linked")) == 0)
        let result = home.expect(["apps"], status: 0)
        #expect(result.stdout == """
            documents\talpha
            caches\talpha
            caches\tshelf
            caches\tzeta
            applicationSupport\tbeta
            temporary\tgamma
            sharedContainer\tteam

            """)
        // Nothing was created by listing: no documents namespace for shelf, no folder for it.
        #expect(!home.exists("docs/shelf"))
    }

    @Test func theSharedTmpCountsOnlyThisUsersFolders() {
        let uid = getuid()
        #expect(mkdir(home.path("tmp"), 0o700) == 0 || home.exists("tmp"))
        #expect(mkdir(home.path("tmp/mine-\(uid)"), 0o700) == 0)
        #expect(mkdir(home.path("tmp/other-\(uid + 1)"), 0o700) == 0)
        #expect(mkdir(home.path("tmp/plain"), 0o700) == 0)
        // Named for this user, owned by another: planted, not ours.
        #expect(mkdir(home.path("tmp/planted-\(uid)"), 0o700) == 0)
        let plantedByAnother = uid == 0 && chown(home.path("tmp/planted-\(uid)"), 65534, 65534) == 0
        let result = home.run(["apps"], environment: ["XDG_RUNTIME_DIR": ""])
        #expect(result.stdout.contains("temporary\tmine\n"))
        #expect(!result.stdout.contains("other") && !result.stdout.contains("plain"))
        if plantedByAnother { #expect(!result.stdout.contains("planted")) }
    }

    @Test func namesThatAreNotUTF8AreEscapedAndGivenAsBytesInJSON() {
        save(["save", "caches", "a"])
        // The folder `c\xE9\n` (Latin-1 é, then a newline), made by another program.
        let raw = Array(home.path("cache").utf8) + [UInt8(ascii: "/"), 0x63, 0xE9, 0x0A, 0]
        #expect(raw.withUnsafeBufferPointer { mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o700) } == 0)
        let text = home.expect(["apps"], status: 0)
        #expect(text.stdout == "caches\tc\\xE9\\n\ncaches\tshelf\n")
        let json = home.expect(["apps", "--json"], status: 0)
        #expect(json.stdout == "[{\"directory\":\"caches\",\"name\":\"c\\\\xE9\\\\n\",\"nameBytes\":\"Y+kK\"},"
            + "{\"directory\":\"caches\",\"name\":\"shelf\"}]\n")
    }

    @Test func rootHasNoNamespaces() {
        home.expect(["--root", home.path("state"), "apps"], status: 64, saying: "--root")
    }
}
