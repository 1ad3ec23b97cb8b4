import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore
@testable import ShelfCLI

@Suite struct PathDirsTests {
    let home = TestHome()

    @Test func pathPrintsWhetherOrNotItExistsAndCreatesNothing() {
        let before = home.allPaths()
        #expect(home.run(["path", "caches"]).stdout == home.path("cache/shelf") + "\n")
        let deep = home.run(["path", "caches", "a/b c/d.json"])
        #expect(deep.status == 0 && deep.stdout == home.path("cache/shelf/a/b c/d.json") + "\n" && deep.stderr.isEmpty)
        #expect(home.run(["--app", "other", "path", "applicationSupport", "x/"]).stdout == home.path("data/other/x") + "\n")
        #expect(home.allPaths() == before)
    }

    @Test func pathAsJSON() throws {
        let result = home.expect(["path", "--json", "sharedContainer:team", "s.json"], status: 0)
        #expect(result.stdout == "{\"directory\":\"sharedContainer:team\",\"path\":\"\(home.path("data/shelf-shared/team/s.json"))\"}\n")
    }

    @Test func dirsPrintsNameTabPathForEachStandardDirectory() {
        let result = home.run(["dirs"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout == """
            documents\t\(home.path("docs/shelf"))
            caches\t\(home.path("cache/shelf"))
            applicationSupport\t\(home.path("data/shelf"))
            temporary\t\(home.path("run/shelf"))
            sharedContainer:<group>\t\(home.path("data/shelf-shared"))/<group>

            """)
        #expect(home.allPaths() == ["run"])
    }

    @Test func dirsWithAGroupAddsTheSharedContainer() {
        let result = home.run(["--app", "myapp", "dirs", "--group", "team"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.first == "documents\t\(home.path("docs/myapp"))")
        #expect(lines.last == "sharedContainer:team\t\(home.path("data/shelf-shared/team"))")
    }

    @Test func dirsFollowsTheEnvironment() {
        let result = home.run(["dirs"], environment: ["XDG_RUNTIME_DIR": "", "TMPDIR": home.path("t")])
        #expect(result.stdout.contains("temporary\t\(home.path("t"))/shelf-\(getuid())\n"))
    }

    @Test func dirsAsJSONHasStableKeys() throws {
        let plain = home.run(["dirs", "--json"])
        #expect(plain.stdout.hasPrefix("{\"app\":\"shelf\",\"documents\":"))
        #expect(plain.stdout.hasSuffix(",\"sharedContainer\":null,\"group\":null}\n"))
        let grouped = home.run(["dirs", "--json", "--group", "team"])
        let object = try JSONSerialization.jsonObject(with: Data(grouped.stdout.utf8)) as? [String: String]
        #expect(object == [
            "app": "shelf", "documents": home.path("docs/shelf"), "caches": home.path("cache/shelf"),
            "applicationSupport": home.path("data/shelf"), "temporary": home.path("run/shelf"),
            "sharedContainer": home.path("data/shelf-shared/team"), "group": "team",
        ])
    }

    @Test func dirsAndCapacityRefuseABadGroupAndDirsAMissingHome() {
        #expect(home.run(["dirs", "--group", "../x"]).status == 64)
        #expect(home.run(["dirs", "--group"]).status == 64)
        #expect(home.expect(["capacity", "sharedContainer:.."], status: 64, saying: "invalid name").stdout.isEmpty)
        #expect(home.allPaths() == ["run"])
        let noHome = home.run(["dirs"], environment: ["HOME": "", "XDG_DOCUMENTS_DIR": ""])
        #expect(noHome.status == 77 && noHome.stdout.isEmpty && noHome.stderr.contains("HOME"))
    }

    @Test func isFolderAnswersWithTheStatusOnly() {
        #expect(home.run(["save", "caches", "d/f.txt"], stdin: "f").status == 0)
        for (path, expected) in [("d", Int32(0)), ("d/", 0), ("d/f.txt", 1), ("d/f.txt/x", 1), ("none", 1), ("x/y/z", 1)] {
            let result = home.run(["is-folder", "caches", path])
            #expect(result.status == expected, "\(path)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(path): \(result.stderr)")
        }
        symlink(home.path("cache/shelf/d"), home.path("cache/shelf/link"))
        #expect(home.run(["is-folder", "caches", "link"]).status == 1)
        #expect(home.run(["is-folder", "caches", "link/f.txt"]).status == 77)
        #expect(home.run(["is-folder", "caches", "../d"]).status == 64)
        #expect(home.run(["is-folder", "documents", "a"]).status == 1)
        #expect(!home.exists("docs"))
    }
}
