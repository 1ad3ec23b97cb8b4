import Foundation
import Glibc

/// File systems whose inode numbers do not outlive a remount (issue 21, item 1): a FAT image on a
/// loop device (Linux numbers a FAT file when it first loads it), and two libfuse daemons that do
/// not pass inode numbers through (no `use_ino`: a file's number is the node number the mount gave
/// it): sshfs talking to a local sftp-server (no ssh, no network), and unionfs-fuse. Each needs
/// root and its tools; the tests skip saying what is missing.
enum MadeUpInodeMounts {
    enum Daemon: String, CaseIterable, CustomStringConvertible {
        case sshfs, unionfs
        var description: String { rawValue }
    }

    static let sftpServers = ["/usr/lib/openssh/sftp-server", "/usr/libexec/sftp-server", "/usr/lib/ssh/sftp-server"]

    /// Why no FAT image can be attached and mounted here, or nil when one can.
    static var fatUnavailable: String? {
        if let reason = ScratchMounts.loopUnavailable { return reason }
        if ScratchMounts.which("mkfs.vfat") == nil { return "mkfs.vfat is not installed (Debian: dosfstools)" }
        let kernel = (try? String(contentsOfFile: "/proc/filesystems", encoding: .utf8)) ?? ""
        return kernel.split(separator: "\n").contains { $0.hasSuffix("\tvfat") } ? nil : "the kernel has no vfat driver"
    }

    static var sftpServer: String? { sftpServers.first { FileManager.default.isExecutableFile(atPath: $0) } }

    /// Why `daemon` cannot mount here, or nil when it can.
    static func unavailable(_ daemon: Daemon) -> String? {
        if let reason = ScratchMounts.fuseUnavailable.flatMap({ $0.contains("bindfs") ? nil : $0 }) { return reason }
        switch daemon {
        case .sshfs:
            if ScratchMounts.which("sshfs") == nil { return "sshfs is not installed" }
            return sftpServer == nil ? "no sftp-server (Debian: openssh-sftp-server)" : nil
        case .unionfs:
            return ScratchMounts.which("unionfs") == nil ? "unionfs-fuse is not installed" : nil
        }
    }

    /// Whether any daemon can mount here (for the test's condition).
    static var anyDaemon: Bool { Daemon.allCases.contains { unavailable($0) == nil } }

    /// A mount of `source` on `mountPoint` by `daemon`, in the foreground. sshfs runs a two-line
    /// script (written beside the source) as its "ssh", which starts sftp-server on the pipe.
    static func mount(_ daemon: Daemon, source: String, mountPoint: String) throws -> BindfsMount {
        switch daemon {
        case .sshfs:
            guard let sshfs = ScratchMounts.which("sshfs"), let server = sftpServer else { throw ScratchError("sshfs or sftp-server is missing") }
            let script = source + ".sftp"
            try "#!/bin/sh\nexec '\(server)'\n".write(toFile: script, atomically: true, encoding: .utf8)
            chmod(script, 0o755)
            return try BindfsMount(source: source, mountPoint: mountPoint,
                                   command: [sshfs, "-f", "-o", "ssh_command=" + script, "local:" + source, mountPoint])
        case .unionfs:
            guard let unionfs = ScratchMounts.which("unionfs") else { throw ScratchError("unionfs-fuse is not installed") }
            return try BindfsMount(source: source, mountPoint: mountPoint, command: [unionfs, "-f", source + "=RW", mountPoint])
        }
    }

    static func inode(of path: String) -> UInt64? {
        var st = stat()
        return lstat(path, &st) == 0 ? UInt64(st.st_ino) : nil
    }
}
