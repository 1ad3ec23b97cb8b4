import Foundation
import Glibc
import ShelfTestSupport
import Testing

/// The namespace rules climb from each folder to the root to compare identities. A folder above
/// the store that its user may pass through but not read (mode 0711, as some systems set the
/// folder that holds every home) must not stop a command: the climb `stat`s each folder through
/// `..`, which needs search permission only (an `open` of each, as before, needed read permission).
extension NonRootTests {
    @Test func aFolderAboveTheStoreThatCanBeSearchedButNotReadIsNoObstacle() throws {
        let inner = home.path("locked/inner")
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        for value in ["a", "b", "c", "d"] { try home.write("values/" + value, value) }
        handOver()
        lchown(home.path("locked"), 0, 0)
        chmod(home.path("locked"), 0o711)
        let environment = SandboxHome.environment(inner)
        // The first save makes the namespace folders; the later commands check them whole.
        for (value, directory) in [("a", "documents"), ("b", "documents"), ("c", "caches"), ("d", "caches")] {
            try asNobody(["save", directory, "k", "--file", home.path("values/" + value)], environment: environment)
                .expect(status: 0, about: directory)
        }
        let retrieved = try asNobody(["retrieve", "documents", "k"], environment: environment)
        #expect(retrieved.status == 0 && retrieved.stdout == "b", "\(retrieved.stderr)")
        #expect(try asNobody(["exists", "caches", "k"], environment: environment).status == 0)
        chmod(home.path("locked"), 0o755)
    }

    /// The same 1,100 folders deep, each passable but not readable (0111): past 3,000 bytes of
    /// `../..` the climb reopens the folder it reached, which must need search permission only too.
    @Test func aDeepTreeOfSearchOnlyFoldersIsNoObstacle() throws {
        var deep = home.path("deep")
        var levels: [String] = []
        for _ in 0..<1_100 {
            deep += "/a"
            levels.append(deep)
        }
        try FileManager.default.createDirectory(atPath: deep + "/u", withIntermediateDirectories: true)
        try home.write("values/v", "v")
        handOver()
        for level in levels { lchown(level, 0, 0); chmod(level, 0o111) }
        let environment = SandboxHome.environment(deep + "/u")
        for _ in 0..<2 {
            try asNobody(["save", "caches", "k", "--file", home.path("values/v")], environment: environment).expect(status: 0)
        }
        #expect(try asNobody(["retrieve", "caches", "k"], environment: environment).stdout == "v")
        for level in levels { chmod(level, 0o755) }
    }

    /// A name that is not ASCII is confirmed in its base folder's entries (NFC and NFD spellings
    /// open one folder on some file systems). Where the base cannot be read, the name cannot be
    /// confirmed, and the folder is not used (found attacking this change: it was used).
    @Test func aNamespaceWhoseNameCannotBeConfirmedIsRefused() throws {
        try home.write("values/v", "v")
        #expect(home.run(["--app", "caf\u{e9}", "save", "caches", "k", "--file", home.path("values/v")]).status == 0)
        handOver()
        chmod(home.path("cache"), 0o300)
        try asNobody(["--app", "caf\u{e9}", "retrieve", "caches", "k"]).expect(status: 77, saying: "cannot be read to confirm")
        chmod(home.path("cache"), 0o700)
        #expect(try asNobody(["--app", "caf\u{e9}", "retrieve", "caches", "k"]).stdout == "v")
    }
}
