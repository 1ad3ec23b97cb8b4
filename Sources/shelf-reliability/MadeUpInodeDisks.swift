import Glibc

/// File systems whose inode numbers do not outlive a remount, for the `remount-inodes` group: a
/// FAT image on a loop device (Linux numbers a FAT file when it first loads it), and two libfuse
/// daemons that give their own node numbers as inode numbers (no `use_ino`): sshfs talking to a
/// local sftp-server through a two-line script as its "ssh" (no network), and unionfs-fuse.
enum MadeUpInodeDisks {
    static let sftpServers = ["/usr/lib/openssh/sftp-server", "/usr/libexec/sftp-server", "/usr/lib/ssh/sftp-server"]

    /// Why no FAT image can be mounted here, or nil when one can.
    static var fatUnavailable: String? {
        if let reason = ScratchDisks.loopUnavailable { return reason }
        if ScratchDisks.which("mkfs.vfat") == nil { return "mkfs.vfat is not installed (Debian: dosfstools)" }
        let table = Sandbox.readFile("/proc/filesystems") ?? []
        return table.split(separator: 10).contains { $0.elementsEqual("nodev\tvfat".utf8) || $0.elementsEqual("\tvfat".utf8) } ? nil : "the kernel has no vfat driver"
    }

    static var sftpServer: String? { sftpServers.first { access($0, X_OK) == 0 } }

    /// Why `tool` (sshfs or unionfs) cannot mount here, or nil when it can.
    static func fuseUnavailable(_ tool: String) -> String? {
        if let reason = PrivateMount.reasonUnavailable { return reason }
        if access("/dev/fuse", F_OK) != 0 { return "no /dev/fuse" }
        if ScratchDisks.which(tool) == nil { return "\(tool) is not installed" }
        return tool == "sshfs" && sftpServer == nil ? "no sftp-server (Debian: openssh-sftp-server)" : nil
    }

    /// The foreground command that mounts `source` on `mountPoint` with `tool`.
    static func command(_ tool: String, source: String, mountPoint: String) throws -> [String] {
        guard let path = ScratchDisks.which(tool) else { throw HarnessError("\(tool) is not installed") }
        if tool == "unionfs" { return [path, "-f", source + "=RW", mountPoint] }
        guard let server = sftpServer else { throw HarnessError("no sftp-server") }
        let script = source + ".sftp"
        try Sandbox.writeFile(script, Array("#!/bin/sh\nexec '\(server)'\n".utf8))
        chmod(script, 0o755)
        return [path, "-f", "-o", "ssh_command=" + script, "local:" + source, mountPoint]
    }

    static func inode(of path: String) -> UInt64? {
        var st = stat()
        return lstat(path, &st) == 0 ? UInt64(st.st_ino) : nil
    }
}
