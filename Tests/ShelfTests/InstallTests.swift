import Foundation
import Testing

/// `make install-files` (what `make install` runs after the release build) into a temporary
/// prefix: the binary, the man page and the three completions land where their tools look, the
/// installed binary runs, and `make uninstall` removes exactly those files.
@Suite(.enabled(if: Subprocess.which("make") != nil && FileManager.default.isExecutableFile(atPath: BuiltBinary.path)))
struct InstallTests {
    let home = TestHome()

    static let installed = [
        "bin/shelf", "share/man/man1/shelf.1", "share/bash-completion/completions/shelf",
        "share/zsh/site-functions/_shelf", "share/fish/vendor_completions.d/shelf.fish",
    ]

    func make(_ arguments: [String]) throws -> Subprocess.Result {
        let result = try Subprocess.run(Subprocess.which("make")!, ["--no-print-directory"] + arguments,
                                        environment: ["PATH": "/usr/bin:/bin"], directory: Subprocess.repository.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        return result
    }

    @Test func installPutsEachFileInItsPlaceAndUninstallRemovesExactlyThose() throws {
        let prefix = home.path("prefix")
        try home.write("prefix/share/man/man1/other.1", "someone else's page")
        _ = try make(["install-files", "PREFIX=" + prefix, "BIN=" + BuiltBinary.path])
        for file in InstallTests.installed { #expect(home.exists("prefix/" + file), "\(file)") }
        #expect(home.read("prefix/share/man/man1/shelf.1") == (try Subprocess.read("docs/shelf.1")))
        #expect(home.read("prefix/share/bash-completion/completions/shelf") == (try Subprocess.read("completions/shelf.bash")))
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/shelf"))

        let ran = try Subprocess.run(prefix + "/bin/shelf", ["--version"], environment: home.environment)
        #expect(ran.status == 0 && ran.stdout.hasPrefix("shelf "))
        let saved = try Subprocess.run(prefix + "/bin/shelf", ["save", "caches", "a.txt"], environment: home.environment, stdin: "hi")
        #expect(saved.status == 0 && home.read("cache/shelf/a.txt") == "hi")

        _ = try make(["uninstall", "PREFIX=" + prefix])
        for file in InstallTests.installed { #expect(!home.exists("prefix/" + file), "\(file)") }
        #expect(home.read("prefix/share/man/man1/other.1") == "someone else's page")
    }

    @Test func destdirStagesUnderItsOwnRoot() throws {
        let stage = home.path("stage")
        _ = try make(["install-files", "DESTDIR=" + stage, "PREFIX=/opt/shelf", "BIN=" + BuiltBinary.path])
        for file in InstallTests.installed { #expect(home.exists("stage/opt/shelf/" + file), "\(file)") }
        _ = try make(["uninstall", "DESTDIR=" + stage, "PREFIX=/opt/shelf"])
        for file in InstallTests.installed { #expect(!home.exists("stage/opt/shelf/" + file), "\(file)") }
    }
}
