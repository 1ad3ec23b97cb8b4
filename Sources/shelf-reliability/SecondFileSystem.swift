import Glibc
import ShelfTestSupport

/// A folder on a file system other than the sandbox's, so that move and copy take their
/// copy-then-remove path: a private tmpfs when one can be mounted, else /dev/shm if it is separate.
final class SecondFileSystem {
    private(set) var path: String?
    private(set) var unavailable: String?
    private var mount: PrivateMount?
    private var folder: Sandbox?

    init(beside sandbox: Sandbox, size: Int = 256 << 20) {
        if let mount = try? PrivateMount(in: sandbox.root, size: size, label: "tmpfs") {
            self.mount = mount
            path = mount.path
            return
        }
        var shm = stat(), here = stat()
        if stat("/dev/shm", &shm) == 0, stat(sandbox.root, &here) == 0, shm.st_dev != here.st_dev,
           access("/dev/shm", W_OK) == 0, let folder = try? Sandbox(in: "/dev/shm", label: "second") {
            self.folder = folder
            path = folder.root
            return
        }
        unavailable = "no tmpfs could be mounted (\(PrivateMount.reasonUnavailable ?? "mount failed")) and /dev/shm is not a separate file system"
    }

    func release() {
        folder?.destroy()
        mount?.unmount()
    }
}
