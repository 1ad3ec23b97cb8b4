import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

@Suite struct LocationsTests {
    let home = TestHome()

    @Test func eachDirectoryFollowsItsXDGVariable() throws {
        let locations = try Locations(environment: home.environment)
        #expect(try locations.path(for: .caches) == home.path("cache/shelf"))
        #expect(try locations.path(for: .applicationSupport) == home.path("data/shelf"))
        #expect(try locations.path(for: .documents) == home.path("docs/shelf"))
        #expect(try locations.path(for: .temporary) == home.path("run/shelf"))
        #expect(try locations.path(for: .sharedContainer(appGroupName: "team")) == home.path("data/shelf-shared/team"))
        // A shared container is the same for every app.
        let other = try Locations(app: "two", environment: home.environment)
        #expect(try other.path(for: .sharedContainer(appGroupName: "team")) == home.path("data/shelf-shared/team"))
    }

    /// Unset variables, and empty or relative values, fall back to the home defaults.
    @Test(arguments: [[:], ["XDG_CACHE_HOME": "", "XDG_DATA_HOME": "relative/data", "XDG_RUNTIME_DIR": "run"]])
    func unsetEmptyOrRelativeVariablesFallBackToTheHomeDefaults(_ variables: [String: String]) throws {
        let locations = try Locations(environment: variables.merging(["HOME": home.root]) { $1 })
        #expect(try locations.path(for: .caches) == home.path(".cache/shelf"))
        #expect(try locations.path(for: .applicationSupport) == home.path(".local/share/shelf"))
        #expect(try locations.path(for: .documents) == home.path("Documents/shelf"))
        #expect(try locations.path(for: .temporary) == "/tmp/shelf-\(getuid())")
    }

    @Test func appNamespaceComesFromArgumentThenEnvironment() throws {
        #expect(try Locations(environment: home.environment.merging(["SHELF_APP": "envapp"]) { $1 }).app == "envapp")
        #expect(try Locations(app: "argapp", environment: home.environment.merging(["SHELF_APP": "envapp"]) { $1 }).app == "argapp")
        #expect(try Locations(environment: home.environment.merging(["SHELF_APP": ""]) { $1 }).app == "shelf")
    }

    @Test(arguments: ["", ".", "..", "a/b", "../x", "x\0y", "line\nbreak", String(repeating: "a", count: 256)])
    func unsafeAppNamesAreRejected(_ name: String) {
        #expect(throws: ShelfError.self) { try Locations(app: name, environment: home.environment) }
    }

    @Test func groupNamesWithSlashesAreRejected() throws {
        let locations = try Locations(environment: home.environment)
        #expect(throws: ShelfError.self) { try locations.path(for: .sharedContainer(appGroupName: "../etc")) }
        #expect(throws: ShelfError.self) { try locations.path(for: .sharedContainer(appGroupName: "")) }
    }

    @Test func documentsFollowsUserDirsWithQuotesAndHome() throws {
        try home.write("config/user-dirs.dirs", """
            # written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Desktop"
            XDG_DOCUMENTS_DIR="$HOME/My \\"Docs\\""
            """)
        var env = home.environment
        env["XDG_DOCUMENTS_DIR"] = nil
        #expect(try Locations(environment: env).path(for: .documents) == home.path("My \"Docs\"/shelf"))
    }

    @Test func documentsUserDirsAbsoluteValueAndRelativeIgnored() throws {
        func value(_ file: String) throws -> String? {
            try UserDirs.value(of: "XDG_DOCUMENTS_DIR", in: Array(file.utf8), home: "/h", file: "user-dirs.dirs")
        }
        #expect(try value("XDG_DOCUMENTS_DIR=\"/srv/docs\"\n") == "/srv/docs")
        #expect(try value("XDG_DOCUMENTS_DIR=\"docs\"\n") == nil)
        #expect(try value("XDG_DOCUMENTS_DIR=\"$HOME/\"\n") == nil)
        #expect(try value("#XDG_DOCUMENTS_DIR=\"/x\"\n") == nil)
    }

    @Test func missingHomeIsAClearError() throws {
        let locations = try Locations(environment: [:])
        #expect(throws: ShelfError.cannotAccessDirectory(path: "$HOME", reason: "HOME is not set to an absolute path")) {
            try locations.path(for: .caches)
        }
    }

    /// Directory names parse case-insensitively and in kebab form; others do not parse.
    @Test(arguments: [
        ("documents", Directory.documents), ("Documents", .documents), ("caches", .caches), ("CACHES", .caches),
        ("applicationSupport", .applicationSupport), ("application-support", .applicationSupport),
        ("applicationsupport", .applicationSupport), ("temporary", .temporary),
        ("sharedContainer:grp", .sharedContainer(appGroupName: "grp")),
        ("shared-container:Grp", .sharedContainer(appGroupName: "Grp")),
        ("", nil), ("cache", nil), ("sharedContainer", nil), ("documents:x", nil), ("tmp", nil),
    ] as [(String, Directory?)])
    func directoryNamesParseCaseInsensitivelyAndInKebabForm(_ text: String, _ expected: Directory?) {
        #expect(Directory(parsing: text) == expected)
    }
}
