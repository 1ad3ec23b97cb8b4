import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// (A store without HOME: LocationsTests.missingHomeIsAClearError, the error `url(for:in:)` passes on.)
@Suite struct LibraryHelpersTests {
    let home = TestHome()

    @Test func urlNamesThePathWithoutCreatingAnything() throws {
        let store = try home.store()
        #expect(try store.url(for: "a/b.json", in: .caches).path == home.path("cache/shelf/a/b.json"))
        let namespace = try store.url(for: nil, in: .documents)
        #expect(namespace.path == home.path("docs/shelf") || namespace.path == home.path("docs/shelf") + "/")
        #expect(namespace.hasDirectoryPath)
        #expect(home.allPaths() == ["run"])
        #expect(throws: ShelfError.invalidName("../x", reason: "'..' components are not allowed")) {
            try store.url(for: "../x", in: .caches)
        }
    }

    @Test func existsRemoveAndIsFolderWorkOnStoredPaths() throws {
        let store = try home.store()
        var source = BytesSource(Array("{}".utf8))
        #expect(try store.save(from: &source, to: "a/b.json", in: .caches) == home.path("cache/shelf/a/b.json"))
        #expect(try store.exists("a/b.json", in: .caches))
        #expect(try store.isFolder("a", in: .caches))
        #expect(try store.isFolder(store.url(for: "a", in: .caches)))
        #expect(try !store.isFolder(store.url(for: "a/b.json", in: .caches)))
        #expect(try !store.isFolder(store.url(for: "none", in: .caches)))
        try store.remove("a", from: .caches)
        #expect(try !store.exists("a/b.json", in: .caches))
        #expect(throws: ShelfError.notFound(path: home.path("cache/shelf/a"))) { try store.remove("a", from: .caches) }
    }

    @Test func isFolderDoesNotFollowLinks() throws {
        let store = try home.store()
        try home.write("cache/shelf/real/x", "x")
        #expect(symlink(home.path("cache/shelf/real"), home.path("cache/shelf/link")) == 0)
        #expect(try store.isFolder(URL(fileURLWithPath: home.path("cache/shelf/real"))))
        #expect(try !store.isFolder(URL(fileURLWithPath: home.path("cache/shelf/link"))))
        #expect(throws: ShelfError.symbolicLink(path: home.path("cache/shelf/link"))) {
            try store.isFolder(URL(fileURLWithPath: home.path("cache/shelf/link/x")))
        }
    }

    /// The static facade reads the process environment; only calls that create nothing are made.
    @Test func diskUsesTheProcessEnvironment() throws {
        let expected = try Store(app: Locations.programName(), environment: ProcessInfo.processInfo.environment)
        #expect(try Disk.url(for: "x.json", in: .caches) == expected.url(for: "x.json", in: .caches))
        #expect(try Disk.url(for: "//x.json", in: .caches) == expected.url(for: "x.json", in: .caches))
        #expect(try Disk.store().locations.app == expected.locations.app)
        #expect(!Disk.exists("shelf-test-\(UInt64.random(in: 0 ... .max))/none", in: .caches))
        #expect(!Disk.exists("../unsafe", in: .caches))
        // Unsafe names through every call shape: DiskErrorTests.nsErrorCatchWorksWhereNothingCanBeThrown.
    }
}
