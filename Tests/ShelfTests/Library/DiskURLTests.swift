import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// URLs handed back to the store (Disk's URL-taking calls): accepted inside a namespace folder,
/// refused everywhere else, whatever the URL's spelling.
@Suite struct DiskURLTests {
    let home = TestHome()
    let store: Store

    init() throws { store = try home.store() }

    func url(_ relative: String) -> URL { URL(fileURLWithPath: home.path(relative)) }

    @Test func urlsFromUrlForInComeBackAsTheirPlace() throws {
        let group = Directory.sharedContainer(appGroupName: "team")
        for directory in Directory.standard + [group] {
            let back = try store.location(of: store.url(for: "a/b c%20.json", in: directory))
            #expect(back.directory == directory && back.path == "a/b c%20.json")
            let folder = try store.location(of: store.url(for: nil, in: directory))
            #expect(folder.directory == directory && folder.path == nil)
            #expect(try store.location(of: store.url(for: "album/", in: directory)).path == "album")
        }
        #expect(try store.location(of: url("data/shelf-shared/other/x")).directory == .sharedContainer(appGroupName: "other"))
        #expect(try store.location(of: URL(fileURLWithPath: home.path("cache/shelf/album/"), isDirectory: true)).path == "album/")
    }

    @Test func urlsOutsideTheNamespacesAreRefused() throws {
        for outside in ["cache/shelfx/a", "cache/shel", "cache", "cache/other/a", "data/shelf-shared", "data/shelf-sharedx/a", "docs"] {
            #expect(throws: ShelfError.self, "\(outside)") { try store.location(of: url(outside)) }
        }
        #expect(throws: ShelfError.self) { try store.location(of: URL(fileURLWithPath: "/etc/passwd")) }
        #expect(throws: ShelfError.self) { try store.location(of: try #require(URL(string: "https://example.org/cache/shelf/a"))) }
    }

    @Test func dotsAndEmptyComponentsAreRefusedNotResolved() throws {
        let base = home.path("cache/shelf")
        for path in ["/../shelfx/a", "/a/../../x", "/./a", "/a/./b", "//a", "/a//b", "/.shelf-lock-a",
                     "/%2E%2E/shelfx/a", "/a%2F..%2F..%2Fx", "/a%00b", "/a%0Ab"] {
            let spelled = try #require(URL(string: "file://" + base + path))
            #expect(throws: ShelfError.self, "\(path)") { try store.location(of: spelled) }
        }
        #expect(throws: ShelfError.self) { try store.location(of: url("data/shelf-shared/../shelf/x")) }
    }

    @Test func linksInsideAreNotFollowed() throws {
        try home.write("outside/secret", "s")
        try home.write("cache/shelf/real/x", "x")
        #expect(symlink(home.path("outside"), home.path("cache/shelf/link")) == 0)
        let (directory, path) = try store.storedEntry(url("cache/shelf/link/secret"))
        #expect(throws: ShelfError.symbolicLink(path: home.path("cache/shelf/link"))) { try store.remove(path, from: directory) }
        #expect(throws: ShelfError.symbolicLink(path: home.path("cache/shelf/link"))) { try store.exists(url("cache/shelf/link/secret")) }
        #expect(home.read("outside/secret") == "s")
        #expect(try store.exists(url("cache/shelf/real/x")))
        #expect(try !store.exists(url("cache/shelf/real/y")))
        #expect(try store.exists(url("cache/shelf")))
        #expect(try store.isFolder(url("cache/shelf")))
        #expect(try !store.exists(url("docs/shelf")))
    }

    @Test func aNamespaceFolderIsNotAnEntry() throws {
        #expect(throws: ShelfError.self) { try store.storedEntry(store.url(for: nil, in: .caches)) }
        #expect(throws: ShelfError.self) { try store.storedEntry(url("data/shelf-shared/team/")) }
        #expect(try store.storedEntry(url("data/shelf-shared/team/a")).directory == .sharedContainer(appGroupName: "team"))
    }

    @Test func urlCallsRefuseOutsideURLsWithDisksCode() throws {
        let code = DiskErrorTests.diskCode
        let outside = url("cache/x")
        let invalid = Disk.ErrorCode.invalidFileName.rawValue
        #expect(code { try Disk.remove(outside) } == invalid)
        #expect(code { try Disk.doNotBackup(outside) } == invalid)
        #expect(code { try Disk.backup(outside) } == invalid)
        #expect(code { try Disk.move(outside, to: outside) } == invalid)
        #expect(!Disk.exists(URL(fileURLWithPath: "/")) && !Disk.isFolder(URL(fileURLWithPath: "/")))
        #expect(!Disk.isFolder(URL(fileURLWithPath: home.root)))
    }

    @Test func pathDescriptionsSayWhereEachDirectoryLives() {
        #expect(Directory.documents.pathDescription == "$XDG_DOCUMENTS_DIR/<app>")
        #expect(Directory.caches.pathDescription == "$XDG_CACHE_HOME/<app>")
        #expect(Directory.applicationSupport.pathDescription == "$XDG_DATA_HOME/<app>")
        #expect(Directory.temporary.pathDescription == "$XDG_RUNTIME_DIR/<app>")
        #expect(Disk.Directory.sharedContainer(appGroupName: "team").pathDescription == "$XDG_DATA_HOME/shelf-shared/team")
        // Disk's name for the type is a typealias of the library's.
        #expect(Disk.Directory.sharedContainer(appGroupName: "g") == Directory.sharedContainer(appGroupName: "g"))
    }
}
