import Foundation
import Testing
@testable import ShelfCLI

/// The tarball's install.sh, run from the unpacked folder as a user would: it puts each file where
/// `make install` does (both run the same script), the installed binary and man page work, and
/// `--uninstall` removes exactly those files. It refuses before writing anything when it cannot
/// finish.
@Suite(.enabled(if: ReleaseTarball.canBeMade))
struct ReleaseInstallTests {
    let home = TestHome()
    let dist: ReleaseTarball
    /// The unpacked tarball's top folder.
    let top: String

    init() throws {
        dist = try ReleaseTarball(in: home)
        top = try dist.unpack()
    }

    /// The mode of a path, permission bits only.
    func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    func lines(_ verb: String, _ root: String) -> String {
        InstallTests.installed.map { "\(verb) \(root)/\($0)\n" }.joined()
    }

    @Test func installsIntoAPrefixRunsAndUninstallsExactlyItsFiles() throws {
        // Spaces, a quote and a dollar sign: every path is quoted.
        let prefix = home.path("my prefix/it's $HOME")
        try home.write("my prefix/it's $HOME/share/man/man1/other.1", "someone else's page")

        let installed = try dist.install(top, environment: ["PREFIX": prefix])
        #expect(installed.status == 0 && installed.stdout == lines("installed", prefix), "\(installed.stdout)\(installed.stderr)")
        #expect(installed.stderr.contains("is not on PATH"))
        for file in InstallTests.installed {
            #expect(mode(prefix + "/" + file) == (file == "bin/shelf" ? 0o755 : 0o644), "\(file)")
        }
        #expect(FileManager.default.contents(atPath: prefix + "/share/zsh/site-functions/_shelf")
            == FileManager.default.contents(atPath: top + "/completions/_shelf"))

        let version = try Subprocess.run(prefix + "/bin/shelf", ["--version"], environment: home.environment)
        #expect(version.status == 0 && version.stdout == "shelf \(CLI.version)\n", "\(version.stdout)\(version.stderr)")
        let saved = try Subprocess.run(prefix + "/bin/shelf", ["save", "caches", "a.txt"], environment: home.environment, stdin: "hi")
        #expect(saved.status == 0 && home.read("cache/shelf/a.txt") == "hi")

        // Again over the installed files (an upgrade), then removed.
        #expect(try dist.install(top, environment: ["PREFIX": prefix]).status == 0)
        let removed = try dist.install(top, ["--uninstall"], environment: ["PREFIX": prefix])
        // The files, then the folders install made, each ending in '/' (the man folder was there before).
        #expect(removed.status == 0 && removed.stdout.hasPrefix(lines("removed", prefix)), "\(removed.stdout)\(removed.stderr)")
        let folders = removed.stdout.dropFirst(lines("removed", prefix).count).split(separator: "\n")
        #expect(Set(folders) == Set(["bin", "share/bash-completion/completions", "share/bash-completion", "share/zsh/site-functions", "share/zsh",
                                     "share/fish/vendor_completions.d", "share/fish", "share/doc/shelf", "share/doc"].map { "removed \(prefix)/\($0)/" }),
                "\(removed.stdout)")
        for file in InstallTests.installed { #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }
        #expect(home.read("my prefix/it's $HOME/share/man/man1/other.1") == "someone else's page")
        #expect(home.allPaths().filter { $0.contains(".shelf-install") } == [])
    }

    @Test(.enabled(if: Subprocess.which("man") != nil, "man is not installed: man -l on the installed page is not checked"))
    func manReadsTheInstalledPage() throws {
        let prefix = home.path("prefix")
        #expect(try dist.install(top, environment: ["PREFIX": prefix]).status == 0)
        let man = try Subprocess.run(Subprocess.which("man")!, ["-l", prefix + "/share/man/man1/shelf.1"],
                                     environment: ReleaseTarball.environment(["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80", "HOME": home.root]))
        #expect(man.status == 0, "\(man.stderr)")
        #expect(man.stdout.contains("SHELF(1)") && man.stdout.contains("keep files and JSON on disk, safely"), "\(man.stdout)")
        #expect(man.stdout.contains("shelf \(CLI.version)"))
    }

    /// DESTDIR stages under its own root; a umask of 077 still gives files and folders that
    /// every user can read, as install(1) would.
    @Test func destdirAndATightUmaskStillGiveReadableFilesAndFolders() throws {
        let stage = home.path("stage")
        let result = try Subprocess.run("/bin/sh", ["-c", "umask 077 && exec sh \"$1\"", "sh", top + "/install.sh"],
                                        environment: ReleaseTarball.environment(["DESTDIR": stage, "PREFIX": "/opt/shelf"]))
        #expect(result.status == 0 && result.stdout == lines("installed", stage + "/opt/shelf"), "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("PATH"), "no PATH note while staging")
        #expect(mode(stage + "/opt/shelf/share/fish/vendor_completions.d/shelf.fish") == 0o644)
        #expect(mode(stage + "/opt/shelf/bin/shelf") == 0o755)
        #expect(mode(stage + "/opt/shelf/share/fish/vendor_completions.d") == 0o755)
        #expect(mode(stage + "/opt/shelf/share") == 0o755)
    }

    @Test func aMissingSourceFileChangesNothing() throws {
        try FileManager.default.removeItem(atPath: top + "/completions/_shelf")
        let result = try dist.install(top, environment: ["PREFIX": home.path("prefix")])
        #expect(result.status == 66 && result.stderr.contains("no file \(top)/completions/_shelf"), "\(result.stderr)")
        #expect(!home.exists("prefix"))
    }

    @Test func aFolderInPlaceOfAFileIsRefusedBeforeAnythingIsWritten() throws {
        try home.write("prefix/share/zsh/site-functions/_shelf/keep", "mine")
        let result = try dist.install(top, environment: ["PREFIX": home.path("prefix")])
        #expect(result.status == 73 && result.stderr.contains("_shelf is a folder"), "\(result.stderr)")
        #expect(!home.exists("prefix/bin/shelf") && home.read("prefix/share/zsh/site-functions/_shelf/keep") == "mine")
    }

    @Test func anUnknownArgumentIsAUsageError() throws {
        let result = try dist.install(top, ["--prefix=/tmp"], environment: [:])
        #expect(result.status == 64 && result.stderr.contains("unknown argument '--prefix=/tmp'"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
