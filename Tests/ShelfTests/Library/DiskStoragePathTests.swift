import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// The seed's `DiskStorage(path: URL)`: any folder the program picks, with the same name safety
/// inside it as in a namespace folder.
@Suite struct DiskStoragePathTests {
    let home = TestHome()

    @Test func keysAreFilesBelowTheChosenFolder() throws {
        let storage = DiskStorage(path: URL(fileURLWithPath: home.path("picked/cache")))
        let codable = CodableStorage(storage: storage, decoder: JSONDecoder(), encoder: JSONEncoder())
        try codable.save(["a": 1], for: "users/1.json")
        #expect(home.read("picked/cache/users/1.json") == "{\"a\":1}")
        let back: [String: Int] = try codable.fetch(for: "users/1.json")
        #expect(back == ["a": 1])
        #expect(throws: StorageError.self) { try storage.fetchValue(for: "users/2.json") }
        #expect(home.allPaths().allSatisfy { $0 == "run" || $0.hasPrefix("picked") })
    }

    @Test func theFolderIsTakenAsSpelled() throws {
        try DiskStorage(path: URL(fileURLWithPath: home.path("a/../b/"), isDirectory: true)).save(value: Data("x".utf8), for: "k")
        #expect(home.read("b/k") == "x")
        #expect(!home.exists("a"))
    }

    @Test func keysCannotLeaveTheFolder() throws {
        let storage = DiskStorage(path: URL(fileURLWithPath: home.path("picked")))
        for key in ["../escape", "/etc/passwd", "a/../../b", "a\u{0}b", "a\nb", ".shelf-tmp-x", "a//b", "dir/"] {
            #expect(throws: (any Error).self, "\(key)") { try storage.save(value: Data("x".utf8), for: key) }
        }
        #expect(home.allPaths().allSatisfy { $0 == "run" || $0.hasPrefix("picked") })
        try home.write("outside/secret", "s")
        try storage.save(value: Data("v".utf8), for: "kept")
        #expect(symlink(home.path("outside"), home.path("picked/link")) == 0)
        #expect(throws: ShelfError.symbolicLink(path: home.path("picked/link"))) { try storage.fetchValue(for: "link/secret") }
        #expect(throws: StorageError.self) { try storage.save(value: Data("y".utf8), for: "link/secret") }
        #expect(home.read("outside/secret") == "s")
    }

    @Test func aFolderThatIsALinkOrNoPathIsRefusedOnUse() throws {
        try home.write("real/k", "v")
        #expect(symlink(home.path("real"), home.path("alias")) == 0)
        let linked = DiskStorage(path: URL(fileURLWithPath: home.path("alias")))
        #expect(throws: ShelfError.self) { try linked.fetchValue(for: "k") }
        let web = DiskStorage(path: try #require(URL(string: "https://example.org/folder")))
        #expect(throws: ShelfError.self) { try web.fetchValue(for: "k") }
        #expect(throws: StorageError.self) { try web.save(value: Data(), for: "k") }
    }
}

/// Issue 21: the folders that are never a whole store (`/`, the system's top folders, the home
/// folder and above, in any spelling) were refused only by the command line's `--root`; the
/// library's `DiskStorage(path:)` used them. Only reads are tried here: before the fix they
/// answered "not found" from the folder itself.
@Suite struct DiskStorageWholeStoreTests {
    let home = TestHome()

    func expectRefused(_ call: () throws -> Void, _ what: String) {
        do {
            try call()
            Issue.record("\(what) was used as a whole store")
        } catch ShelfError.cannotAccessDirectory(_, let reason) {
            #expect(reason.contains("never a whole store"), "\(what): \(reason)")
        } catch {
            Issue.record("\(what): \(error)")
        }
    }

    @Test(arguments: ["/", "/.", "//.", "/usr/../", "/etc", "/tmp", "/var"])
    func systemFoldersAreRefused(_ path: String) {
        let storage = DiskStorage(path: URL(fileURLWithPath: path))
        expectRefused({ _ = try storage.fetchValue(for: "shelf-never-stored-here") }, path)
    }

    @Test func theHomeFolderAndAboveAreRefused() throws {
        try home.write("job/state/kept", "k")
        for folder in [home.root, home.root + "/job/..", home.root + "/.."] {
            let store = Store(locations: Locations(folder: folder, home: home.root))
            expectRefused({ _ = try store.exists("kept", in: .applicationSupport) }, folder)
        }
        // A folder inside the home folder is a store like any other.
        let inside = Store(locations: Locations(folder: home.path("job/state"), home: home.root))
        #expect(try inside.exists("kept", in: .applicationSupport))
    }
}
