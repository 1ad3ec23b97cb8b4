import Testing
@testable import ShelfCore

/// `sync` of an empty array would remove every file of the folder: refused (65) unless
/// --allow-empty; --dry-run shows what a sync would remove or rewrite and changes nothing.
@Suite struct SyncEmptyTests {
    let home = TestHome()

    @Test func theDryRunListsWhatWouldGoAndAnEmptyInputIsRefusedUnlessAllowed() {
        #expect(home.run(["sync", "applicationSupport", "users"], stdin: "[{\"id\":\"a\"},{\"id\":\"b\",\"v\":1}]").status == 0)
        let input = "[{\"id\":\"b\",\"v\":2},{\"id\":\"c\"}]"
        let dry = home.run(["sync", "applicationSupport", "users", "--dry-run"], stdin: input)
        #expect(dry.status == 0 && dry.stdout == "users/a.json\nusers/b.json\n", "\(dry.stdout) \(dry.stderr)")
        let json = home.run(["sync", "applicationSupport", "users", "--dry-run", "--json"], stdin: input)
        #expect(json.stdout == "{\"added\":[\"c\"],\"removed\":[\"a\"],\"updated\":[\"b\"],\"dryRun\":true,"
            + "\"removedPaths\":[{\"name\":\"users/a.json\",\"path\":\"\(home.path("data/shelf/users/a.json"))\"},"
            + "{\"name\":\"users/b.json\",\"path\":\"\(home.path("data/shelf/users/b.json"))\"}]}\n", "\(json.stdout)")
        #expect(home.read("data/shelf/users/b.json") == "{\"id\":\"b\",\"v\":1}" && !home.exists("data/shelf/users/c.json"))
        #expect(home.exists("data/shelf/users/a.json"))
        #expect(home.run(["sync", "applicationSupport", "users", "--dry-run"], stdin: "[]").status == 65)
        let refused = home.run(["sync", "applicationSupport", "users"], stdin: "[]")
        #expect(refused.status == 65 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("all 2 of its files") && refused.stderr.contains("--allow-empty"), "\(refused.stderr)")
        #expect(home.exists("data/shelf/users/a.json") && home.exists("data/shelf/users/b.json"))
        let allowed = home.run(["sync", "applicationSupport", "users", "--allow-empty", "--json"], stdin: " [ ] ")
        #expect(allowed.status == 0 && allowed.stdout == "{\"added\":[],\"removed\":[\"a\",\"b\"],\"updated\":[]}\n")
        #expect(!home.exists("data/shelf/users/a.json"))
    }

    @Test func anEmptyInputThatRemovesNothingIsAccepted() throws {
        #expect(home.run(["sync", "applicationSupport", "users"], stdin: "[]").status == 0)
        try home.write("data/shelf/other/notes.txt", "not sync's")
        #expect(home.run(["sync", "applicationSupport", "other"], stdin: "[]").status == 0)
        #expect(home.read("data/shelf/other/notes.txt") == "not sync's")
    }
}
