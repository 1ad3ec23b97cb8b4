import Glibc

/// An ext4 (or FAT) image beside a mount point, mounted through a loop device of its own each
/// time: mounting it again while the earlier device stays attached gives it another device
/// number, as a reboot may. `release()` (or the end of the value) unmounts it and detaches them.
public final class LoopImage {
    public let image: String
    public let mountPoint: String
    private var devices: [String] = []
    private var mounted = false

    /// - Parameter fat: a FAT file system (`mkfs.vfat`) instead of ext4.
    public init(image: String, mountPoint: String, mkfsOptions: [String] = [], fat: Bool = false) throws {
        self.image = image
        self.mountPoint = mountPoint
        try ScratchDisks.run("truncate", ["-s", "48M", image])
        if fat { try ScratchDisks.run("mkfs.vfat", [image]) } else { try ScratchDisks.run("mkfs.ext4", ["-q", "-F"] + mkfsOptions + [image]) }
        try ScratchDisks.run("mkdir", ["-p", mountPoint])
    }

    /// Attaches the image to a new loop device (the earlier ones stay attached) and mounts it.
    public func mountOnNewDevice() throws {
        let device = try ScratchDisks.run("losetup", ["-f", "--show", image])
        devices.append(device)
        try ScratchDisks.run("mount", [device, mountPoint])
        mounted = true
    }

    public func unmount() throws {
        guard mounted else { return }
        try ScratchDisks.unmount(mountPoint)
        mounted = false
    }

    public func release() {
        if mounted { _ = try? ScratchDisks.run("umount", ["-l", mountPoint]) }
        mounted = false
        for device in devices { _ = try? ScratchDisks.run("losetup", ["-d", device]) }
        devices = []
    }

    deinit { release() }
}

/// A libfuse mount of `source` on `mountPoint` (bindfs, or the daemon `command` gives), its daemon
/// run in the foreground as a child (under strace when `trace` names a log), so that it can be
/// mounted again (a new FUSE session, which numbers its nodes afresh) or killed, as a power cut
/// ends it. `release()` (or the end of the value) kills it and takes the mount away.
public final class FuseMount {
    public let source: String
    public let mountPoint: String
    /// Where strace logs the daemon's renames, links and unlinks: what reaches the disk below.
    public let trace: String?
    /// Another libfuse daemon's foreground command, run instead of bindfs (`ScratchDisks.command`).
    public let command: [String]?
    private var daemon: Child?

    public init(source: String, mountPoint: String, trace: String? = nil, command: [String]? = nil) throws {
        self.source = source
        self.mountPoint = mountPoint
        self.trace = trace
        self.command = command
        try ScratchDisks.run("mkdir", ["-p", source, mountPoint])
        try mount()
    }

    /// Starts the daemon and returns once the mount is there.
    public func mount() throws {
        guard var argv = command ?? ScratchDisks.which("bindfs").map({ [$0, "-f", source, mountPoint] }) else {
            throw HarnessError("bindfs is not installed")
        }
        if let trace {
            guard let strace = ScratchDisks.which("strace") else { throw HarnessError("strace is not installed") }
            argv = [strace, "-f", "-qq", "-e", "trace=rename,renameat,renameat2,link,linkat,unlink,unlinkat", "-o", trace] + argv
        }
        let below = ScratchDisks.device(of: mountPoint)
        let child = try Child(argv.map { Array($0.utf8) }, environment: ["PATH": ScratchDisks.folders.joined(separator: ":")], input: .none)
        daemon = child
        // The mount appears when the daemon has answered the kernel: wait for it (60 s at most: the
        // machine may be loaded).
        for _ in 0..<6000 {
            if ScratchDisks.device(of: mountPoint) != below { return }
            if child.hasEnded() {
                daemon = nil
                throw HarnessError("\(argv[0]) ended before mounting \(mountPoint): \(child.wait().summary)")
            }
            usleep(10_000)
        }
        throw HarnessError("\(argv[0]) did not mount \(mountPoint) within 60 s")
    }

    public func unmount() throws {
        guard let daemon else { return }
        try ScratchDisks.unmount(mountPoint)
        _ = daemon.wait(timeout: 20)
        self.daemon = nil
    }

    /// Ends the daemon with SIGKILL, as a power cut would, and takes the dead mount away.
    public func killDaemon() {
        guard let daemon else { return }
        daemon.kill()
        _ = daemon.wait(timeout: 20)
        _ = try? ScratchDisks.run("umount", ["-l", mountPoint])
        self.daemon = nil
    }

    public func release() { killDaemon() }

    deinit { release() }
}
