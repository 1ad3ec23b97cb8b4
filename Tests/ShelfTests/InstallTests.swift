import Foundation
import Testing

/// `make install-files` (what `make install` runs after the release build) into a temporary
/// prefix: the binary (stripped), the man page, the three completions and the documents land where
/// their tools look, the installed binary runs, and `make uninstall` removes exactly those files
/// and the folders install made.
@Suite(.enabled(if: Subprocess.which("make") != nil && FileManager.default.isExecutableFile(atPath: BuiltBinary.path)))
struct InstallTests {
    let home = TestHome()

    /// The documents go under share/doc/shelf, where the man page's `docs/<name>.md` are found.
    static var installed: [String] {
        ["bin/shelf", "share/man/man1/shelf.1", "share/bash-completion/completions/shelf",
         "share/zsh/site-functions/_shelf", "share/fish/vendor_completions.d/shelf.fish"]
            + DistTests.documents.map { "share/doc/shelf/" + $0.dropFirst("docs/".count) }
    }

    func make(_ arguments: [String]) throws -> Subprocess.Result {
        let result = try Subprocess.run(Subprocess.which("make")!, ["--no-print-directory"] + arguments,
                                        environment: ["PATH": "/usr/bin:/bin"], directory: Subprocess.repository.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        return result
    }

    /// Issue 22 item 19: uninstall removed the files and left the empty folders it had made. It
    /// removes those (also after installing twice), never one that was there before (even empty),
    /// nor one that holds something else.
    @Test func installPutsEachFileInItsPlaceAndUninstallRemovesExactlyThose() throws {
        let prefix = home.path("prefix")
        try home.write("prefix/share/man/man1/other.1", "someone else's page")
        try FileManager.default.createDirectory(atPath: prefix + "/share/zsh/site-functions", withIntermediateDirectories: true)
        _ = try make(["install-files", "PREFIX=" + prefix, "BIN=" + BuiltBinary.path])
        _ = try make(["install-files", "PREFIX=" + prefix, "BIN=" + BuiltBinary.path])
        for file in InstallTests.installed { #expect(home.exists("prefix/" + file), "\(file)") }
        #expect(home.read("prefix/share/man/man1/shelf.1") == (try Subprocess.read("docs/shelf.1")))
        #expect(home.read("prefix/share/bash-completion/completions/shelf") == (try Subprocess.read("completions/shelf.bash")))
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/shelf"))
        #expect(home.read("prefix/share/doc/shelf/exit-codes.md") == (try Subprocess.read("docs/exit-codes.md")))
        // Installed stripped, as install -s does (issue 22 item 19).
        if let strip = Subprocess.which("strip") {
            #expect(try Subprocess.run(strip, ["-o", home.path("stripped"), BuiltBinary.path], environment: ["PATH": "/usr/bin:/bin"]).status == 0)
            #expect(FileManager.default.contents(atPath: prefix + "/bin/shelf") == FileManager.default.contents(atPath: home.path("stripped")))
        }

        let ran = try Subprocess.run(prefix + "/bin/shelf", ["--version"], environment: home.environment)
        #expect(ran.status == 0 && ran.stdout.hasPrefix("shelf "))
        let saved = try Subprocess.run(prefix + "/bin/shelf", ["save", "caches", "a.txt"], environment: home.environment, stdin: "hi")
        #expect(saved.status == 0 && home.read("cache/shelf/a.txt") == "hi")

        try home.write("prefix/share/fish/vendor_completions.d/other.fish", "someone else's")
        _ = try make(["uninstall", "PREFIX=" + prefix])
        for file in InstallTests.installed { #expect(!home.exists("prefix/" + file), "\(file)") }
        #expect(home.read("prefix/share/man/man1/other.1") == "someone else's page")
        // The folders install made are gone but one holding another's file; those that were there before stay, even if empty.
        #expect(home.allPaths().filter { $0.hasPrefix("prefix") }
            == ["prefix", "prefix/share", "prefix/share/fish", "prefix/share/fish/vendor_completions.d",
                "prefix/share/fish/vendor_completions.d/other.fish", "prefix/share/man", "prefix/share/man/man1",
                "prefix/share/man/man1/other.1", "prefix/share/zsh", "prefix/share/zsh/site-functions"])
    }

    @Test func destdirStagesUnderItsOwnRoot() throws {
        let stage = home.path("stage")
        _ = try make(["install-files", "DESTDIR=" + stage, "PREFIX=/opt/shelf", "BIN=" + BuiltBinary.path])
        for file in InstallTests.installed { #expect(home.exists("stage/opt/shelf/" + file), "\(file)") }
        _ = try make(["uninstall", "DESTDIR=" + stage, "PREFIX=/opt/shelf"])
        for file in InstallTests.installed { #expect(!home.exists("stage/opt/shelf/" + file), "\(file)") }
    }
}
