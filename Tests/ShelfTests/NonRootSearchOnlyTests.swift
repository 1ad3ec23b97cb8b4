import Foundation
import Glibc
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
        let environment = ["HOME": inner, "XDG_CACHE_HOME": inner + "/cache", "XDG_DATA_HOME": inner + "/data",
                           "XDG_CONFIG_HOME": inner + "/config", "XDG_DOCUMENTS_DIR": inner + "/docs",
                           "XDG_RUNTIME_DIR": inner + "/run"]
        // The first save makes the namespace folders; the later commands check them whole.
        for (value, directory) in [("a", "documents"), ("b", "documents"), ("c", "caches"), ("d", "caches")] {
            let result = try asNobody(["save", directory, "k", "--file", home.path("values/" + value)], environment: environment)
            #expect(result.status == 0, "save \(directory): \(result.stderr)")
        }
        let retrieved = try asNobody(["retrieve", "documents", "k"], environment: environment)
        #expect(retrieved.status == 0 && retrieved.stdout == "b", "\(retrieved.stderr)")
        #expect(try asNobody(["exists", "caches", "k"], environment: environment).status == 0)
        chmod(home.path("locked"), 0o755)
    }
}
