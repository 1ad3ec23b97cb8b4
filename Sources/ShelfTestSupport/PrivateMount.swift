import Glibc

/// Small tmpfs mounts for the battery, made in a private mount namespace so that nobody else on
/// the machine sees them and they vanish with the harness whatever happens (for a single-threaded
/// process only: the tests' threads share one, so they cannot unshare it). Needs root (CI runs as
/// root); elsewhere `reasonUnavailable` says why the scenarios that need one are skipped.
public final class PrivateMount {
    public let path: String
    private var mounted = true

    /// Why no tmpfs can be mounted here, or nil when it can: the namespace is entered on the first ask.
    public static let reasonUnavailable: String? = enterPrivateNamespace()

    /// Mounts a tmpfs of `size` bytes on a new folder inside `parent`.
    public init(in parent: String, size: Int, label: String) throws {
        if let reason = PrivateMount.reasonUnavailable { throw HarnessError(reason) }
        path = parent + "/" + label
        mkdir(path, 0o755)
        let options = "size=\(size),nr_inodes=4096,mode=755"
        guard mount("tmpfs", path, "tmpfs", 0, options) == 0 else {
            throw HarnessError("mount tmpfs on \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Read-only (true) or read-write again.
    public func setReadOnly(_ readOnly: Bool) throws {
        let flags = UInt(MS_REMOUNT) | (readOnly ? UInt(MS_RDONLY) : 0)
        guard mount("tmpfs", path, "tmpfs", flags, nil) == 0 else {
            throw HarnessError("remount \(path): \(String(cString: strerror(errno)))")
        }
    }

    public func unmount() {
        guard mounted else { return }
        umount2(path, Int32(MNT_DETACH))
        rmdir(path)
        mounted = false
    }

    deinit { unmount() }

    /// unshare(CLONE_NEWNS) for this (single-threaded) harness, then stop mount events from
    /// propagating back to the host.
    private static func enterPrivateNamespace() -> String? {
        guard getuid() == 0 else { return "needs root to mount a private tmpfs (CI runs as root)" }
        // unshare(2) is declared only under _GNU_SOURCE: look it up in the loaded C library.
        typealias Unshare = @convention(c) (Int32) -> Int32
        guard let unshare = Child.libc("unshare", as: Unshare.self) else { return "unshare(2) is not available" }
        let cloneNewNS: Int32 = 0x0002_0000  // CLONE_NEWNS
        guard unshare(cloneNewNS) == 0 else {
            return "cannot make a private mount namespace (unshare: \(String(cString: strerror(errno))))"
        }
        guard mount("none", "/", nil, UInt(MS_REC) | UInt(MS_PRIVATE), nil) == 0 else {
            return "cannot make mounts private (\(String(cString: strerror(errno))))"
        }
        return nil
    }
}
