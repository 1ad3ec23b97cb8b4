import Foundation

/// Real file systems for what a remount changes (issue 21) and what libfuse does, for the tests and
/// the battery alike: an ext4 or FAT image on loop devices (`LoopImage`), and libfuse daemons run in
/// the foreground (`FuseMount`: bindfs, sshfs talking to a local sftp-server, unionfs-fuse).
/// Mounting needs root and the tools; each `…Unavailable` says what is missing, after `mounting`:
/// the caller's own reason why it cannot mount at all (not root; the battery's private namespace
/// could not be made), nil when it can.
public enum ScratchDisks {
    public static let folders = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"]
    public static let sftpServers = ["/usr/lib/openssh/sftp-server", "/usr/libexec/sftp-server", "/usr/lib/ssh/sftp-server"]

    /// Why this process cannot mount at all when it shares the machine's mount namespace (the tests).
    public static var needsRoot: String? { getuid() == 0 ? nil : "needs root to attach loop devices and mount" }

    public static func which(_ tool: String) -> String? {
        folders.map { $0 + "/" + tool }.first { access($0, X_OK) == 0 }
    }

    /// Why no ext4 image can be attached and mounted here, or nil when one can.
    public static func loopUnavailable(_ mounting: String?) -> String? {
        if let mounting { return mounting }
        if let missing = ["losetup", "mkfs.ext4", "mount", "umount", "truncate"].first(where: { which($0) == nil }) {
            return "\(missing) is not installed"
        }
        return access("/dev/loop-control", F_OK) == 0 ? nil : "no loop devices (/dev/loop-control is missing)"
    }

    /// Why no FAT image can be mounted here (Linux numbers a FAT file when it first loads it).
    public static func fatUnavailable(_ mounting: String?) -> String? {
        if let reason = loopUnavailable(mounting) { return reason }
        if which("mkfs.vfat") == nil { return "mkfs.vfat is not installed (Debian: dosfstools)" }
        let table = (try? String(contentsOfFile: "/proc/filesystems", encoding: .utf8)) ?? ""
        return table.split(separator: "\n").contains { $0.hasSuffix("\tvfat") } ? nil : "the kernel has no vfat driver"
    }

    /// Why `daemon` (bindfs, sshfs or unionfs) cannot mount here, or nil when it can.
    public static func fuseUnavailable(_ mounting: String?, daemon: String = "bindfs") -> String? {
        if let mounting { return mounting }
        if access("/dev/fuse", F_OK) != 0 { return "no /dev/fuse" }
        if which(daemon) == nil { return daemon == "bindfs" ? "bindfs is not installed (Debian: apt-get install bindfs)" : "\(daemon) is not installed" }
        return daemon == "sshfs" && sftpServer == nil ? "no sftp-server (Debian: openssh-sftp-server)" : nil
    }

    public static var sftpServer: String? { sftpServers.first { access($0, X_OK) == 0 } }

    /// The foreground command by which `daemon` (sshfs or unionfs, which give their own node numbers
    /// as inode numbers: no `use_ino`) mounts `source` on `mountPoint`. sshfs runs a two-line script
    /// (written beside the source) as its "ssh", which starts sftp-server on the pipe: no network.
    public static func command(_ daemon: String, source: String, mountPoint: String) throws -> [String] {
        guard let path = which(daemon) else { throw HarnessError("\(daemon) is not installed") }
        if daemon == "unionfs" { return [path, "-f", source + "=RW", mountPoint] }
        guard let server = sftpServer else { throw HarnessError("no sftp-server") }
        let script = source + ".sftp"
        try RawFiles.write(Array(script.utf8), Array("#!/bin/sh\nexec '\(server)'\n".utf8))
        chmod(script, 0o755)
        return [path, "-f", "-o", "ssh_command=" + script, "local:" + source, mountPoint]
    }

    /// Runs `tool`; the first line of its output, or a `HarnessError` with its message.
    @discardableResult
    public static func run(_ tool: String, _ arguments: [String]) throws -> String {
        guard let path = which(tool) else { throw HarnessError("\(tool) is not installed") }
        let child = try Child(([path] + arguments).map { Array($0.utf8) }, environment: ["PATH": folders.joined(separator: ":")], input: .none)
        let result = child.wait(timeout: 60)
        guard result.exited, result.status == 0 else { throw HarnessError("\(tool) \(arguments.joined(separator: " ")): \(result.summary)") }
        return String(result.out.split(separator: "\n").first ?? "")
    }

    /// Unmounts `mountPoint`, trying again while it is busy: tests run in parallel, and a process
    /// another test spawns in the moment this test has a file on the mount open inherits that
    /// descriptor for as long as it runs. (A lazy unmount would be no answer: mounting the same
    /// image again while the detached mount lives on would mount one file system twice.)
    public static func unmount(_ mountPoint: String) throws {
        for _ in 0..<100 {
            do {
                try run("umount", [mountPoint])
                return
            } catch let error as HarnessError where error.description.contains("busy") {
                usleep(100_000)
            }
        }
        try run("umount", [mountPoint])
    }

    /// The device number of the file system holding `path`.
    public static func device(of path: String) -> UInt64? { RawFiles.status(Array(path.utf8)).map { UInt64($0.st_dev) } }

    public static func inode(of path: String) -> UInt64? { RawFiles.status(Array(path.utf8)).map { UInt64($0.st_ino) } }
}
