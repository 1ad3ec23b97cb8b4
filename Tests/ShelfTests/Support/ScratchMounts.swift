import Foundation
import Glibc

/// Real file systems for the tests of what a remount changes (issue 21): a small ext4 image
/// attached to loop devices, and bindfs (a libfuse passthrough) mounts. Mounting needs root and
/// the tools; `ScratchMounts.unavailable` says what is missing, and the tests skip with it.
enum ScratchMounts {
    static let tools = ["losetup", "mkfs.ext4", "mount", "umount", "truncate"].map { ($0, which($0)) }

    /// Why no image can be attached and mounted here, or nil when one can.
    static var loopUnavailable: String? {
        if getuid() != 0 { return "needs root to attach loop devices and mount" }
        if let missing = tools.first(where: { $0.1 == nil }) { return "\(missing.0) is not installed" }
        if !FileManager.default.fileExists(atPath: "/dev/loop-control") { return "no loop devices (/dev/loop-control)" }
        return nil
    }

    /// Why no bindfs mount can be made here, or nil when one can.
    static var fuseUnavailable: String? {
        if getuid() != 0 { return "needs root to mount" }
        if which("bindfs") == nil { return "bindfs is not installed" }
        if !FileManager.default.fileExists(atPath: "/dev/fuse") { return "no /dev/fuse" }
        return nil
    }

    static func which(_ name: String) -> String? {
        ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"].map { $0 + "/" + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool found by `which`, failing with its message.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        guard let path = which(tool) else { throw ScratchError("\(tool) is not installed") }
        let result = try Subprocess.run(path, arguments, environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
        guard result.status == 0 else { throw ScratchError("\(tool) \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Unmounts `mountPoint`, trying again while it is busy: tests run in parallel, and a process
    /// another test spawns in the moment this test has a file on the mount open inherits that
    /// descriptor for as long as it runs. (A lazy unmount would be no answer: mounting the same
    /// image again while the detached mount lives on would mount one file system twice.)
    static func unmount(_ mountPoint: String) throws {
        for _ in 0..<100 {
            do {
                try run("umount", [mountPoint])
                return
            } catch let error as ScratchError where error.description.contains("busy") {
                usleep(100_000)
            }
        }
        try run("umount", [mountPoint])
    }

    /// The device number of the file system holding `path`.
    static func device(of path: String) -> UInt64? {
        var st = stat()
        return stat(path, &st) == 0 ? UInt64(st.st_dev) : nil
    }
}

struct ScratchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An ext4 image beside a mount point, mounted through a loop device of its own each time:
/// mounting it again while the earlier device stays attached gives it another device number,
/// as a reboot may.
final class LoopImage {
    let image: String
    let mountPoint: String
    private var devices: [String] = []
    private var mounted = false

    /// - Parameter fat: a FAT file system (`mkfs.vfat`) instead of ext4.
    init(image: String, mountPoint: String, mkfsOptions: [String] = [], fat: Bool = false) throws {
        self.image = image
        self.mountPoint = mountPoint
        try ScratchMounts.run("truncate", ["-s", "32M", image])
        if fat { try ScratchMounts.run("mkfs.vfat", [image]) } else { try ScratchMounts.run("mkfs.ext4", ["-q", "-F"] + mkfsOptions + [image]) }
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    }

    /// Attaches the image to a new loop device (earlier ones stay attached) and mounts it.
    func mountOnNewDevice() throws {
        let device = try ScratchMounts.run("losetup", ["-f", "--show", image])
        devices.append(device)
        try ScratchMounts.run("mount", [device, mountPoint])
        mounted = true
    }

    func unmount() throws {
        guard mounted else { return }
        try ScratchMounts.unmount(mountPoint)
        mounted = false
    }

    deinit {
        if mounted { _ = try? ScratchMounts.run("umount", ["-l", mountPoint]) }
        for device in devices { _ = try? ScratchMounts.run("losetup", ["-d", device]) }
    }
}

/// A bindfs mount of `source` on `mountPoint`, its daemon run in the foreground as a child of
/// the test (spawned directly: a daemon that forks away is never seen to end by Foundation's
/// Process), so that it can be mounted again: a new FUSE session, which numbers its nodes afresh.
final class BindfsMount {
    let source: String
    let mountPoint: String
    /// Where strace logs the daemon's renames, links and unlinks: what reaches the disk below.
    let trace: String?
    /// Another libfuse daemon to run in the foreground instead of bindfs (`MadeUpInodeMounts`).
    let command: [String]?
    private var daemon: pid_t?

    init(source: String, mountPoint: String, trace: String? = nil, command: [String]? = nil) throws {
        self.source = source
        self.mountPoint = mountPoint
        self.trace = trace
        self.command = command
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try mount()
    }

    /// Starts the daemon and returns once the mount is there (the daemon has answered the kernel).
    func mount() throws {
        let below = ScratchMounts.device(of: mountPoint)
        var words: [String]
        if let command {
            words = command
        } else {
            guard let bindfs = ScratchMounts.which("bindfs") else { throw ScratchError("bindfs is not installed") }
            words = [bindfs, "-f", source, mountPoint]
        }
        if let trace {
            guard let strace = ScratchMounts.which("strace") else { throw ScratchError("strace is not installed") }
            words = [strace, "-f", "-qq", "-e", "trace=rename,renameat,renameat2,link,linkat,unlink,unlinkat", "-o", trace] + words
        }
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, words[0], nil, nil, argv, environ) == 0 else { throw ScratchError("cannot start \(words[0])") }
        daemon = pid
        while ScratchMounts.device(of: mountPoint) == below {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                daemon = nil
                throw ScratchError("\(words[0]) ended before mounting \(mountPoint)")
            }
            usleep(1000)
        }
    }

    func unmount() throws {
        guard let daemon else { return }
        try ScratchMounts.unmount(mountPoint)
        var status: Int32 = 0
        waitpid(daemon, &status, 0)
        self.daemon = nil
    }

    deinit {
        guard let daemon else { return }
        _ = try? ScratchMounts.run("umount", ["-l", mountPoint])
        kill(daemon, SIGKILL)
        var status: Int32 = 0
        waitpid(daemon, &status, 0)
    }
}
