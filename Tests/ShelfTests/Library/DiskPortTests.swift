import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// `Tests/DiskPort` is a program written for Disk, as Disk's README writes it, with `import Shelf`
/// for `import Disk`. That it builds is half the proof; running it in a throwaway home is the rest.
@Suite struct DiskPortTests {
    let home = TestHome()

    static var program: String {
        Subprocess.repository.appendingPathComponent(".build/debug/disk-port").path
    }

    func run(_ extra: [String: String] = [:]) throws -> Subprocess.Result {
        try Subprocess.run(DiskPortTests.program, [], environment: home.environment.merging(extra) { $1 })
    }

    @Test func disksReadmeRunsUnchanged() throws {
        let result = try run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("done\n"))
        #expect(!result.stdout.contains("failed"))
        for step in ["save and retrieve a struct", "append a struct", "save and retrieve [Data]", "move(url, to: url)",
                     "noFileFound as NSError", "noFileFound in a function that cannot throw",
                     "invalidFileName in a function that cannot throw", "URLs outside the namespaces", "clear",
                     // Beyond the README (issue 26): each of these failed before its fix.
                     "generic round trip of Data", "generic round trip of [Data]", "generic round trip of a struct",
                     "append of an Int to [Message] refused", "the refused append left the file alone",
                     "append of [Int] elements to [[Int]] refused", "append of the stored element type",
                     "DecodingError.keyNotFound", "EncodingError", "append to .jsonl, retrieve as [T]",
                     "non-Sendable model in async code", "namespace disk-port"] {
            #expect(result.stdout.contains("ok \(step)\n"), "\(step)")
        }
        #expect(result.stdout.contains("Domain: DiskErrorDomain\nCode: 0\nDescription: no such file or folder: \(home.path("docs/disk-port/posts.json"))"))
        // The program's own namespace is its name, as an iOS app has its own sandbox.
        #expect(home.exists("docs/disk-port/anime.mp4"))
        #expect(home.exists("data/shelf-shared/group.example/shared.json"))
        #expect(home.allPaths().allSatisfy { !$0.hasPrefix("docs/shelf") && !$0.hasPrefix("cache/shelf") })
    }

    @Test func shelfAppNamesTheNamespaceInstead() throws {
        #expect(try run(["SHELF_APP": "chosen"]).status == 0)
        #expect(home.exists("docs/chosen/anime.mp4"))
        #expect(!home.exists("docs/disk-port"))
    }

    /// The program's name is the default namespace when it can be a folder name; the executable
    /// file's name, not the launch name (issue 26, item 6): a link to the program, or another
    /// `argv[0]`, keeps the same folders.
    @Test(arguments: [(nil, ["/usr/local/bin/recipes"], "recipes"), (nil, ["recipes"], "recipes"),
                      (nil, ["./tools/my app"], "my app"), (nil, ["/x/.."], "shelf"), (nil, ["/"], "shelf"),
                      (nil, ["a\nb"], "shelf"), (nil, [], "shelf"),
                      ("/opt/recipes/bin/recipes", ["/usr/local/bin/rcp"], "recipes"), ("/opt/recipes/bin/recipes", [], "recipes"),
                      ("/", ["recipes"], "shelf")] as [(String?, [String], String)])
    func theExecutableFileNamesTheNamespace(_ executable: String?, _ arguments: [String], _ name: String) {
        #expect(Locations.programName(executable: executable, arguments: arguments) == name)
    }

    @Test func thisProcessIsNamedByItsFileAndNoProgramBySharedContainersFolder() throws {
        // This test process: the kernel's name for its executable file.
        #expect(Locations.executablePath().map { $0.hasSuffix("/" + Locations.programName()) } == true)
        // Its applicationSupport folder would hold every shared container: never a namespace (as a
        // program name: NamespaceOverlapTests; with --app: ExitStatusTests).
        #expect(throws: ShelfError.self) { try Store(app: "shelf-shared", environment: home.environment) }
    }

    @Test func aLinkToTheProgramUsesTheProgramsNamespace() throws {
        let link = home.path("bin/recipes")
        try FileManager.default.createDirectory(atPath: home.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: DiskPortTests.program)
        let result = try Subprocess.run(link, [], environment: home.environment).expect(status: 0)
        #expect(result.stdout.contains("ok namespace disk-port\n"))
        #expect(home.exists("docs/disk-port/anime.mp4"))
        #expect(!home.exists("docs/recipes"))
    }

    /// The command line's namespace is `shelf` whatever the binary is called or linked as;
    /// `shelf dirs --json` shows it (`app`), and `--app` or `SHELF_APP` change it.
    @Test func theCommandLinesNamespaceIsShelfUnderAnyName() throws {
        try FileManager.default.createDirectory(atPath: home.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.path("bin/recipes"), withDestinationPath: BuiltBinary.path)
        try FileManager.default.copyItem(atPath: BuiltBinary.path, toPath: home.path("bin/shelf-2.0"))
        for binary in [BuiltBinary.path, home.path("bin/recipes"), home.path("bin/shelf-2.0")] {
            let result = try Subprocess.run(binary, ["dirs", "--json"], environment: home.environment).expect(status: 0)
            #expect(result.stdout.contains("\"app\":\"shelf\""), "\(binary): \(result.stdout)")
            #expect(result.stdout.contains(home.path("cache/shelf")))
        }
        let chosen = try Subprocess.run(home.path("bin/recipes"), ["dirs", "--json"], environment: home.environment.merging(["SHELF_APP": "recipes"]) { $1 })
        #expect(chosen.stdout.contains("\"app\":\"recipes\""))
    }
}
