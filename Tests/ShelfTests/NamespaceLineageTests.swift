import Glibc
import Testing
@testable import ShelfCore

/// The namespace guard climbs from a folder to the root by `stat` of `..`, `../..` and so on
/// (`FolderPlace`); past 3,000 bytes of such a path it opens the folder reached and climbs on from
/// there. A home 1,100 folders deep makes every climb go through that step.
@Suite struct NamespaceLineageTests {
    static func deepFolder(in home: TestHome) -> String {
        var path = home.root
        for _ in 0..<1_100 {
            path += "/a"
            mkdir(path, 0o700)
        }
        return path
    }

    static func environment(_ deep: String, data: String) -> [String: String] {
        ["HOME": deep, "XDG_DOCUMENTS_DIR": deep + "/docs", "XDG_DATA_HOME": data, "XDG_CACHE_HOME": deep + "/cache",
         "TMPDIR": deep + "/tmp"]
    }

    @Test func aNamespaceFarBelowTheRootIsCheckedAndUsed() {
        let home = TestHome()
        let deep = NamespaceLineageTests.deepFolder(in: home)
        let environment = NamespaceLineageTests.environment(deep, data: deep + "/data")
        // The first save makes the namespace folder; the second and the retrieve check it whole.
        #expect(CLIResult.run(["save", "documents", "k"], stdin: Array("one".utf8), environment: environment).status == 0)
        let second = CLIResult.run(["save", "documents", "k"], stdin: Array("two".utf8), environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(CLIResult.run(["retrieve", "documents", "k"], environment: environment).stdout == "two")
    }

    @Test func aLinkThatPutsAnotherBaseInsideANamespaceIsFoundFarBelowTheRoot() {
        let home = TestHome()
        let deep = NamespaceLineageTests.deepFolder(in: home)
        for folder in ["/docs", "/docs/x", "/docs/x/d"] { mkdir(deep + folder, 0o700) }
        symlink(deep + "/docs/x", deep + "/link-to-x")
        // By its path the data folder is elsewhere; through the link it lies in app x's documents.
        let environment = NamespaceLineageTests.environment(deep, data: deep + "/link-to-x/d")
        let result = CLIResult.run(["--app", "x", "save", "documents", "k"], stdin: Array("v".utf8), environment: environment)
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("contains the applicationSupport folder"), "\(result.stderr)")
        #expect(access(deep + "/docs/x/k", F_OK) != 0)
    }
}
