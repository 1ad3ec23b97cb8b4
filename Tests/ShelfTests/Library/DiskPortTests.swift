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
                     "invalidFileName in a function that cannot throw", "URLs outside the namespaces", "clear"] {
            #expect(result.stdout.contains("ok \(step)\n"), "\(step)")
        }
        #expect(result.stdout.contains("Domain: DiskErrorDomain\nCode: 0\nDescription: no such file or folder: \(home.path("docs/disk-port/posts.json"))"))
    }

    /// The program's own namespace is its name, as an iOS app has its own sandbox.
    @Test func eachProgramGetsItsOwnNamespace() throws {
        #expect(try run().status == 0)
        #expect(home.exists("docs/disk-port/anime.mp4"))
        #expect(home.exists("data/shelf-shared/group.example/shared.json"))
        #expect(!home.exists("docs/shelf"))
        #expect(home.allPaths().allSatisfy { !$0.hasPrefix("docs/shelf") && !$0.hasPrefix("cache/shelf") })
    }

    @Test func shelfAppNamesTheNamespaceInstead() throws {
        #expect(try run(["SHELF_APP": "chosen"]).status == 0)
        #expect(home.exists("docs/chosen/anime.mp4"))
        #expect(!home.exists("docs/disk-port"))
    }

    @Test func theProgramNameIsTheDefaultWhenItCanBeAFolderName() {
        #expect(Locations.programName(["/usr/local/bin/recipes"]) == "recipes")
        #expect(Locations.programName(["recipes"]) == "recipes")
        #expect(Locations.programName(["./tools/my app"]) == "my app")
        #expect(Locations.programName(["/x/.."]) == "shelf")
        #expect(Locations.programName(["/"]) == "shelf")
        #expect(Locations.programName(["a\nb"]) == "shelf")
        #expect(Locations.programName([]) == "shelf")
        // Its applicationSupport folder would hold every shared container: never a namespace.
        #expect(Locations.programName(["/bin/shelf-shared"]) == "shelf")
        #expect(throws: ShelfError.self) { try Store(app: "shelf-shared", environment: home.environment) }
        #expect(home.run(["--app", "shelf-shared", "path", "applicationSupport", "team/x"]).status == 64)
    }

    @Test func theCommandLineKeepsShelf() {
        let result = home.run(["path", "caches", "x"])
        #expect(result.stdout == home.path("cache/shelf/x") + "\n")
    }
}
