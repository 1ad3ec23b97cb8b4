/// Network, cluster and FUSE file systems, told apart by their `statfs` magic number. There shelf
/// takes the safe path (docs/file-systems.md): O_TMPFILE and `renameat2`'s flags may be missing or
/// behave differently on the server, a `/proc/locks` snapshot shows only this host's locks, and
/// an exclusive `flock` needs the file open for writing, because Linux (since 2.6.12) emulates it
/// with a POSIX lock forwarded to the server (flock(2), NOTES).
enum NetworkFileSystem {
    /// `f_type` values from `<linux/magic.h>`, and for the three it lacks, from the file system's
    /// own headers (GFS2: `gfs2_ondisk.h`; Lustre: `lustre_user.h`; IBM Storage Scale: its docs).
    /// Cluster file systems are here too: other nodes' locks are not in this host's `/proc/locks`.
    static let magics: [UInt64: String] = [
        0x6969: "NFS",                 // NFS_SUPER_MAGIC
        0x517B: "SMB",                 // SMB_SUPER_MAGIC
        0xFF53_4D42: "CIFS",           // CIFS_SUPER_MAGIC
        0xFE53_4D42: "SMB2",           // SMB2_SUPER_MAGIC
        0x0102_1997: "9p",             // V9FS_MAGIC
        0x00C3_6400: "Ceph",           // CEPH_SUPER_MAGIC
        fuseMagic: "FUSE",             // FUSE_SUPER_MAGIC (sshfs, virtiofs, rclone, s3fs, …)
        0x5346_414F: "AFS",            // AFS_SUPER_MAGIC
        0x6B41_4653: "kAFS",           // AFS_FS_MAGIC
        0x7375_7245: "Coda",           // CODA_SUPER_MAGIC
        0x7461_636F: "OCFS2",          // OCFS2_SUPER_MAGIC
        0x564C: "NCP",                 // NCP_SUPER_MAGIC
        0x0116_1970: "GFS2",           // GFS2_MAGIC
        0x0BD0_0BD0: "Lustre",         // LL_SUPER_MAGIC
        0x4750_4653: "GPFS",           // "GPFS"
    ]

    /// The variable that forces the network path everywhere: for tests, and for a shared file
    /// system the table above does not know.
    static let forcingVariable = "SHELF_FORCE_NETWORK_FS"

    /// `SHELF_FORCE_NETWORK_FS=1` in the process environment (its last value), read once.
    static let forced: Bool = ProcessState.environmentValues(forcingVariable).last == Array("1".utf8)

    /// FUSE_SUPER_MAGIC (sshfs, bindfs, rclone, s3fs, virtiofs, …).
    static let fuseMagic: UInt64 = 0x6573_5546

    /// Whether the open file or folder lives on a FUSE file system. libfuse's high-level API
    /// numbers its nodes afresh at every mount (so a file's handle lasts one mount), and, mounted
    /// without `hard_remove`, replaces a file that is open in two steps: it renames it to a
    /// `.fuse_hidden` name first, then does the rename.
    static func isFUSE(_ descriptor: FileDescriptor) -> Bool {
        descriptor.fileSystemType == fuseMagic
    }

    /// Whether the open file or folder lives on a network, cluster or FUSE file system (one in the
    /// table; a file system the kernel will not describe counts as local), or `forced` says so.
    static func contains(_ descriptor: FileDescriptor) -> Bool {
        forced || descriptor.fileSystemType.map { magics[$0] != nil } ?? false
    }
}

extension FileDescriptor {
    /// Opens the file `name` of this folder to take its exclusive lock: as `options` say (read
    /// only), and on a network file system for reading and writing where this user may, since
    /// there an exclusive lock on a file open only for reading fails (EBADF).
    func openForExclusiveLock(_ name: FileName, _ options: OpenOptions, path: String? = nil) throws -> FileDescriptor {
        if NetworkFileSystem.contains(self) {
            if let file = try? open(name, options.subtracting(.writeOnly).union(.readWrite), path: path) { return file }
        }
        return try open(name, options, path: path)
    }
}
