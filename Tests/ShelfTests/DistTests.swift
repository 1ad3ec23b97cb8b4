import Foundation
import Glibc
import ShelfTestSupport
import Testing
@testable import ShelfCLI

/// `make dist`: the tarball's name, its exact layout (names, modes, owner, times), its
/// SHA256SUMS, that it is reproducible, and that `--static` refuses a binary needing the loader.
@Suite(.enabled(if: ReleaseTarball.canBeMade))
struct DistTests {
    let home = TestHome()

    /// Every entry below the top folder, in archive order (sorted by name), with its mode.
    /// The man page cites these (issue 22 item 19: the tarball shipped the page without them).
    static var documents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: Subprocess.repository.path + "/docs")) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { "docs/" + $0 }
    }

    static var layout: [(String, String)] {
        let entries = [
            ("", "drwxr-xr-x"),
            ("LICENSE", "-rw-r--r--"),
            ("README.md", "-rw-r--r--"),
            ("completions/", "drwxr-xr-x"),
            ("completions/_shelf", "-rw-r--r--"),
            ("completions/shelf.bash", "-rw-r--r--"),
            ("completions/shelf.fish", "-rw-r--r--"),
            ("docs/", "drwxr-xr-x"),
            ("docs/shelf.1", "-rw-r--r--"),
            ("install.sh", "-rwxr-xr-x"),
            ("shelf", "-rwxr-xr-x"),
        ] + documents.map { ($0, "-rw-r--r--") }
        // Archive order: sorted by name, bytewise.
        return entries.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    }

    /// Where each packaged file comes from in the repository: the same path, but install.sh (the
    /// binary: the one under test).
    static var sources: [(packaged: String, source: String)] {
        layout.map(\.0).filter { !$0.isEmpty && !$0.hasSuffix("/") && $0 != "shelf" }
            .map { ($0, $0 == "install.sh" ? "scripts/install.sh" : $0) }
    }

    @Test func tarballHoldsTheReleaseFilesOwnedByRootReproduciblyAndSHA256SUMSChecksIt() throws {
        let dist = try ReleaseTarball(in: home)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dist.output).sorted() == ["SHA256SUMS", dist.name + ".tar.gz"])

        let entries = try dist.entries()
        #expect(entries.map { $0.count == 6 ? $0[5] : "?" } == DistTests.layout.map { dist.name + "/" + $0.0 })
        for entry in entries where entry.count == 6 {
            let expected = DistTests.layout.first { dist.name + "/" + $0.0 == entry[5] }
            #expect(entry[0] == expected?.1, "mode of \(entry[5])")
            #expect(entry[1] == "0/0", "owner of \(entry[5])")
            #expect(entry[3] + " " + entry[4] == ReleaseTarball.epochText, "time of \(entry[5])")
        }

        let top = try dist.unpack()
        let unpacked = DistTests.layout.map { "unpacked/\(dist.name)/\($0.0)" }.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        #expect(home.allPaths().filter { $0.hasPrefix("unpacked/") } == unpacked.sorted())
        // The binary under test, stripped (issue 22 item 19: the release shipped its debug information).
        let stripped = home.path("stripped")
        #expect(try Subprocess.run(Subprocess.which("strip")!, ["-o", stripped, BuiltBinary.path], environment: ReleaseTarball.environment()).status == 0)
        #expect(FileManager.default.contents(atPath: top + "/shelf") == FileManager.default.contents(atPath: stripped))
        #expect(FileManager.default.contents(atPath: top + "/shelf") != FileManager.default.contents(atPath: BuiltBinary.path))
        for (packaged, source) in DistTests.sources {
            #expect(FileManager.default.contents(atPath: top + "/" + packaged)
                == FileManager.default.contents(atPath: Subprocess.repository.path + "/" + source), "\(packaged)")
        }

        // Sorted names, fixed times, owner 0/0, fixed modes and gzip without a name or time: the same
        // files give the same bytes, even under another umask.
        let again = try ReleaseTarball(in: home, folder: "two", umask: "077")
        let bytes = FileManager.default.contents(atPath: dist.tarball)
        #expect(bytes != nil && bytes == FileManager.default.contents(atPath: again.tarball))
        #expect(home.read("out/SHA256SUMS") == home.read("two/SHA256SUMS"))

        // SHA256SUMS checks the tarball, and catches a changed byte.
        let sums = home.read("out/SHA256SUMS") ?? ""
        #expect(sums.range(of: "^[0-9a-f]{64}  \(NSRegularExpression.escapedPattern(for: dist.name)).tar.gz\n$",
                           options: .regularExpression) != nil, "\(sums)")
        let check = try Subprocess.run(Subprocess.which("sha256sum")!, ["-c", "SHA256SUMS"],
                                       environment: ReleaseTarball.environment(), directory: dist.output)
        #expect(check.status == 0 && check.stdout == dist.name + ".tar.gz: OK\n", "\(check.stdout)\(check.stderr)")

        // The check is real: one flipped byte fails it.
        let handle = try #require(FileHandle(forUpdatingAtPath: dist.tarball))
        try handle.seek(toOffset: 100)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: [byte ^ 0xFF])
        try handle.close()
        let failed = try Subprocess.run(Subprocess.which("sha256sum")!, ["-c", "SHA256SUMS"],
                                        environment: ReleaseTarball.environment(), directory: dist.output)
        #expect(failed.status != 0 && failed.stdout.contains("FAILED"))
    }

    /// Tests run as root, whose files are 0/0 anyway: packaged by nobody, the entries are still root's.
    @Test(.enabled(if: Unprivileged.available, "needs root and setpriv(1) to package as another user"))
    func entriesBelongToRootWhoeverPackages() throws {
        chmod(home.root, 0o755)
        lchown(home.root, NonRootTests.nobody, NonRootTests.nobody)
        let nobody = "\(NonRootTests.nobody)"
        // From copies nobody can reach: the checkout may be in a folder only its owner can enter.
        let dist = try ReleaseTarball(in: home, binary: try Unprivileged.reachableCopy(of: BuiltBinary.path), source: try ReleaseTarball.copyOfSources(in: home),
                                      runner: [Unprivileged.setpriv!, "--reuid=" + nobody, "--regid=" + nobody, "--clear-groups", "--"])
        let owners = try dist.entries().map { $0.count == 6 ? $0[1] : "?" }
        #expect(owners == Array(repeating: "0/0", count: DistTests.layout.count))
    }

    /// `make dist` passes --static: a binary that needs the dynamic loader (here the system's sh)
    /// is refused before anything is written.
    @Test(.enabled(if: Subprocess.which("readelf") != nil || Subprocess.which("ldd") != nil, "neither readelf nor ldd to tell"))
    func staticOnlyRefusesADynamicBinary() throws {
        let result = try Subprocess.run("/bin/sh", ["scripts/dist.sh", "--static", "/bin/sh", home.path("out")],
                                        environment: ReleaseTarball.environment(), directory: Subprocess.repository.path)
        #expect(result.status == 65 && result.stderr.contains("/bin/sh is not fully static"), "\(result.stderr)")
        #expect(!home.exists("out"))
    }

    @Test func aMissingBinaryIsNamedAndNothingIsWritten() throws {
        let result = try Subprocess.run("/bin/sh", ["scripts/dist.sh", home.path("no-shelf"), home.path("out")],
                                        environment: ReleaseTarball.environment(), directory: Subprocess.repository.path)
        #expect(result.status == 66 && result.stderr.contains(home.path("no-shelf")), "\(result.stderr)")
        #expect(!home.exists("out"))
    }
}
