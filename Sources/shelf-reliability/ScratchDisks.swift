import Glibc

/// Real file systems for the remount and libfuse groups: an ext4 image attached to loop devices
/// (mounted again through a new device, which gives it another device number, as a reboot may),
/// and bindfs mounts (libfuse's high-level API, which numbers its nodes afresh at every mount and
/// replaces an open file in two steps). Mounts are made in the harness's private mount namespace
/// (`PrivateMount`); loop devices are the machine's, and are detached before the group ends.
enum ScratchDisks {
    static let folders = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"]

    static func which(_ tool: String) -> String? {
        folders.map { $0 + "/" + tool }.first { access($0, X_OK) == 0 }
    }

    /// Why no ext4 image can be attached and mounted here, or nil when one can.
    static var loopUnavailable: String? {
        if let reason = PrivateMount.reasonUnavailable { return reason }
        if let missing = ["losetup", "mkfs.ext4", "mount", "umount", "truncate"].first(where: { which($0) == nil }) {
            return "\(missing) is not installed"
        }
        return access("/dev/loop-control", F_OK) == 0 ? nil : "no loop devices (/dev/loop-control is missing)"
    }

    /// Why no bindfs mount can be made here, or nil when one can.
    static var fuseUnavailable: String? {
        if let reason = PrivateMount.reasonUnavailable { return reason }
        if which("bindfs") == nil { return "bindfs is not installed (Debian: apt-get install bindfs)" }
        return access("/dev/fuse", F_OK) == 0 ? nil : "no /dev/fuse"
    }

    /// Runs `tool`; its trimmed output, or a `HarnessError` with its message.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        guard let path = which(tool) else { throw HarnessError("\(tool) is not installed") }
        let child = try Child(([path] + arguments).map { Array($0.utf8) }, environment: ["PATH": folders.joined(separator: ":")], input: .none)
        let result = child.wait(timeout: 60)
        guard result.exited, result.status == 0 else { throw HarnessError("\(tool) \(arguments.joined(separator: " ")): \(result.summary)") }
        return String(result.out.split(separator: "\n").first ?? "")
    }

    static func device(of path: String) -> UInt64? {
        var st = stat()
        return stat(path, &st) == 0 ? UInt64(st.st_dev) : nil
    }
}

/// An ext4 image mounted on a folder through a loop device of its own each time.
final class LoopImage {
    let image: String
    let mountPoint: String
    private var devices: [String] = []
    private var mounted = false

    /// - Parameter fat: a FAT file system (`mkfs.vfat`) instead of ext4.
    init(image: String, mountPoint: String, mkfsOptions: [String] = [], fat: Bool = false) throws {
        self.image = image
        self.mountPoint = mountPoint
        try ScratchDisks.run("truncate", ["-s", "48M", image])
        if fat { try ScratchDisks.run("mkfs.vfat", [image]) } else { try ScratchDisks.run("mkfs.ext4", ["-q", "-F"] + mkfsOptions + [image]) }
        mkdir(mountPoint, 0o755)
    }

    /// Attaches the image to a new loop device (the earlier ones stay attached) and mounts it.
    func mountOnNewDevice() throws {
        let device = try ScratchDisks.run("losetup", ["-f", "--show", image])
        devices.append(device)
        try ScratchDisks.run("mount", [device, mountPoint])
        mounted = true
    }

    func unmount() throws {
        guard mounted else { return }
        try ScratchDisks.run("umount", [mountPoint])
        mounted = false
    }

    func release() {
        if mounted { _ = try? ScratchDisks.run("umount", ["-l", mountPoint]) }
        mounted = false
        for device in devices { _ = try? ScratchDisks.run("losetup", ["-d", device]) }
        devices = []
    }
}

/// A bindfs mount of `source` on `mountPoint`, its daemon run in the foreground as a child (under
/// strace when `trace` names a log), so that it can be mounted again (a new FUSE session) or
/// killed, as a power cut ends it.
final class BindfsMount {
    let source: String
    let mountPoint: String
    let trace: String?
    /// Another libfuse daemon's foreground command, run instead of bindfs (`MadeUpInodeDisks`).
    let command: [String]?
    private var daemon: Child?

    init(source: String, mountPoint: String, trace: String? = nil, command: [String]? = nil) throws {
        self.source = source
        self.mountPoint = mountPoint
        self.trace = trace
        self.command = command
        mkdir(source, 0o755)
        mkdir(mountPoint, 0o755)
        try mount()
    }

    /// Starts the daemon and returns once the mount is there.
    func mount() throws {
        var argv: [String]
        if let command {
            argv = command
        } else {
            guard let bindfs = ScratchDisks.which("bindfs") else { throw HarnessError("bindfs is not installed") }
            argv = [bindfs, "-f", source, mountPoint]
        }
        if let trace {
            guard let strace = ScratchDisks.which("strace") else { throw HarnessError("strace is not installed") }
            argv = [strace, "-f", "-qq", "-e", "trace=rename,renameat,renameat2,link,linkat,unlink,unlinkat", "-o", trace] + argv
        }
        let below = ScratchDisks.device(of: mountPoint)
        let child = try Child(argv.map { Array($0.utf8) }, environment: ["PATH": ScratchDisks.folders.joined(separator: ":")], input: .none)
        daemon = child
        // The mount appears when the daemon has answered the kernel: wait for it (10 s at most).
        for _ in 0..<1000 {
            if ScratchDisks.device(of: mountPoint) != below { return }
            if child.hasEnded() { throw HarnessError("\(argv[0]) ended: \(child.wait().summary)") }
            usleep(10_000)
        }
        throw HarnessError("\(argv[0]) did not mount \(mountPoint) within 10 s")
    }

    func unmount() throws {
        guard let daemon else { return }
        try ScratchDisks.run("umount", [mountPoint])
        _ = daemon.wait(timeout: 20)
        self.daemon = nil
    }

    /// Ends the daemon with SIGKILL, as a power cut would, and takes the dead mount away.
    func killDaemon() {
        guard let daemon else { return }
        daemon.kill()
        _ = daemon.wait(timeout: 20)
        _ = try? ScratchDisks.run("umount", ["-l", mountPoint])
        self.daemon = nil
    }

    func release() {
        if daemon != nil { killDaemon() }
    }
}
