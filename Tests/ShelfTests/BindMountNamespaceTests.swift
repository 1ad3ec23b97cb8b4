import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// Issue 21, item 10: a base folder that lies inside another namespace through a bind mount. The
/// namespace guard climbs `..`, which at the top of a bind mount leads above the mount point, not
/// above the mounted folder: without the mount table the overlap went unseen. Run in a private
/// mount namespace (`unshare -m`), so that the mount is gone with the command.
@Suite(.enabled(if: BindMounting.available, "needs root, unshare(1) and mount(8) to bind-mount in a private mount namespace"))
struct BindMountNamespaceTests {
    let home = TestHome()

    /// Runs shelf with `folder` bind-mounted on the caches' base folder `elsewhere/cache` (made
    /// here, empty), in a mount namespace of its own.
    func run(_ arguments: [String], mounting folder: String) throws -> Subprocess.Result {
        #expect(mkdir(home.path("elsewhere"), 0o700) == 0 && mkdir(home.path("elsewhere/cache"), 0o700) == 0)
        let environment = ["XDG_CACHE_HOME": home.path("elsewhere/cache"), "PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]
        let script = "mount --make-rprivate / && mount --bind \"$1\" \"$2\" || exit 200; shift 2; exec \"$@\""
        return try Subprocess.run(Subprocess.which("unshare")!, ["-m", "/bin/sh", "-c", script, "sh", folder, home.path("elsewhere/cache"), BuiltBinary.path]
                                  + arguments, environment: home.environment.merging(environment) { $1 })
    }

    /// The caches' base folder is, through a bind mount, a folder inside the documents namespace:
    /// the documents namespace contains it, as if `XDG_CACHE_HOME` had named that folder. The other
    /// direction: the caches namespace itself lies, through the same mount, inside the documents
    /// namespace (before the fix `list caches` listed the documents' files, and `clear caches` would
    /// have emptied them). The same mount of a folder that is in no namespace changes nothing.
    @Test(arguments: [
        ("docs/shelf/inner/kept.txt", "documents", "docs/shelf/inner", 77, ["contains", "bind mount", "{home}/elsewhere/cache"]),
        ("docs/shelf/inner/shelf/kept.txt", "caches", "docs/shelf/inner", 77, ["lies inside {home}/docs/shelf", "bind mount"]),
        ("docs/shelf/a.txt", "documents", "outside", 0, []),
    ] as [(String, String, String, Int32, [String])])
    func aFolderBoundInsideAnotherNamespaceIsRefused(_ file: String, _ directory: String, _ mounted: String, _ status: Int32,
                                                     _ messages: [String]) throws {
        try home.write(file, "kept")
        #expect(mkdir(home.path("outside"), 0o700) == 0)
        let result = try run(["list", directory], mounting: home.path(mounted))
        #expect(result.status == status, "\(result.status) \(result.stdout) \(result.stderr)")
        #expect(result.stdout == (status == 0 ? "a.txt\n" : ""))
        for message in messages {
            #expect(result.stderr.contains(message.replacingOccurrences(of: "{home}", with: home.root)), "\(result.stderr)")
        }
        #expect(home.read(file) == "kept")
    }

    @Test func mountTableFieldsAreUnescapedAndPlaced() {
        let table = MountTable.parse(Array("25 1 8:1 / / rw - ext4 /dev/sda1 rw\n31 25 8:1 /home/u/docs/shelf/in\\040x /srv/my\\040cache rw - ext4 /dev/sda1 rw\n".utf8))
        #expect(table.count == 2 && table[1].root == Array("/home/u/docs/shelf/in x".utf8) && table[1].mountPoint == Array("/srv/my cache".utf8))
        let bound = BindMountGuard.place(path: Array("/srv/my cache/sub".utf8), mount: 31, in: table)
        let namespace = BindMountGuard.place(path: Array("/home/u/docs/shelf".utf8), mount: 25, in: table)
        #expect(bound?.path == Array("/home/u/docs/shelf/in x/sub".utf8))
        #expect(namespace.map { n in bound.map { n.contains($0) } ?? false } == true)
        #expect(BindMountGuard.place(path: Array("/srv/other".utf8), mount: 31, in: table) == nil)
    }
}

/// Whether this process can bind-mount in a mount namespace of its own.
enum BindMounting {
    static var available: Bool {
        guard getuid() == 0, let unshare = Subprocess.which("unshare"), Subprocess.which("mount") != nil else { return false }
        let probe = try? Subprocess.run(unshare, ["-m", "/bin/sh", "-c", "mount --make-rprivate / && mount --bind /tmp /tmp"], environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
        return probe?.status == 0
    }
}
