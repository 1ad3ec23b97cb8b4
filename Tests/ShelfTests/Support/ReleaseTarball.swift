import Foundation
import Testing
@testable import ShelfCLI

/// A release tarball made by `make dist-files` (what `make dist` runs after the static release
/// build) from the binary under test, inside a test home: `make test` packages the debug build in
/// a second and builds no release, `make test-release` packages the static one.
struct ReleaseTarball {
    let home: TestHome
    /// The folder `make dist-files` wrote to, `<home>/out`.
    let output: String
    /// `shelf-<version>-linux-<arch>`: the tarball's one top folder.
    let name: String

    /// Every tool the tarball needs, and the binary, are there.
    static var canBeMade: Bool {
        ["make", "tar", "gzip", "sha256sum", "uname", "strip"].allSatisfy { Subprocess.which($0) != nil }
            && FileManager.default.isExecutableFile(atPath: BuiltBinary.path)
    }

    /// A fixed SOURCE_DATE_EPOCH (2023-11-14 22:13:20 UTC): every entry must carry exactly it.
    static let epoch = "1700000000"
    static let epochText = "2023-11-14 22:13:20"

    /// Runs `make dist-files` on `binary` into `<home>/<folder>` under `umask`, in `source` (the
    /// repository, or a copy of what packaging reads), through `runner` (setpriv to package as
    /// another user); it must succeed.
    init(in home: TestHome, folder: String = "out", umask: String = "022", binary: String = BuiltBinary.path,
         source: String = Subprocess.repository.path, runner: [String] = []) throws {
        self.home = home
        output = home.path(folder)
        // The name the tarball must have: the version is the one the code defines, the arch the machine's.
        let arch = try Subprocess.run(Subprocess.which("uname")!, ["-m"], environment: [:]).stdout
        name = "shelf-\(CLI.version)-linux-\(arch.trimmingCharacters(in: .whitespacesAndNewlines))"
        let make = "umask \(umask) && exec make --no-print-directory dist-files \"BIN=$1\" \"DIST=$2\""
        let command = runner + ["/bin/sh", "-c", make, "sh", binary, output]
        let result = try Subprocess.run(command[0], Array(command.dropFirst()),
                                        environment: ReleaseTarball.environment(["SOURCE_DATE_EPOCH": ReleaseTarball.epoch]),
                                        directory: source)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// What `make dist-files` reads from the repository, copied to `<home>/source` for a user who
    /// cannot enter the checkout (a clone in a 0700 home); readable by all, as the home is.
    static func copyOfSources(in home: TestHome) throws -> String {
        // The documents the man page cites ship too (docs/*.md), whatever their number.
        let documents = try FileManager.default.contentsOfDirectory(atPath: Subprocess.repository.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        let files = ["Makefile", "scripts/dist.sh", "scripts/install.sh", "README.md", "LICENSE", "docs/shelf.1",
                     "completions/shelf.bash", "completions/_shelf", "completions/shelf.fish"] + documents
        for file in files {
            let copy = home.path("source/" + file)
            try FileManager.default.createDirectory(atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Subprocess.repository.appendingPathComponent(file).path, toPath: copy)
            chmod(copy, 0o644)
        }
        for folder in ["source", "source/scripts", "source/docs", "source/completions"] { chmod(home.path(folder), 0o755) }
        return home.path("source")
    }

    /// A plain environment: no PREFIX, DESTDIR or TMPDIR of the caller leaks in.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "LC_ALL": "C", "TZ": "UTC"].merging(extra) { $1 }
    }

    var tarball: String { output + "/" + name + ".tar.gz" }

    /// The archive's entries as `tar -tv` lists them: mode, owner/group, size, date, time, name.
    func entries() throws -> [[String]] {
        let listing = try Subprocess.run(Subprocess.which("tar")!, ["--numeric-owner", "--full-time", "-tvzf", tarball],
                                         environment: ReleaseTarball.environment())
        #expect(listing.status == 0, "\(listing.stderr)")
        return listing.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    }

    /// Unpacks the tarball into the empty folder `<home>/<folder>`; returns the unpacked top folder.
    func unpack(into folder: String = "unpacked") throws -> String {
        try FileManager.default.createDirectory(atPath: home.path(folder), withIntermediateDirectories: false)
        let result = try Subprocess.run(Subprocess.which("tar")!, ["-xzf", tarball, "-C", home.path(folder)],
                                        environment: ReleaseTarball.environment())
        #expect(result.status == 0, "\(result.stderr)")
        return home.path(folder + "/" + name)
    }

    /// Runs the unpacked `install.sh` with `arguments` from the home (not beside it).
    func install(_ unpacked: String, _ arguments: [String] = [], environment extra: [String: String]) throws -> Subprocess.Result {
        try Subprocess.run("/bin/sh", [unpacked + "/install.sh"] + arguments,
                           environment: ReleaseTarball.environment(extra), directory: home.root)
    }
}
