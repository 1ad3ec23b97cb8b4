/// Where the inode numbers of a file system come from, which decides what a journal record can
/// recognise its file by after the file system was mounted again (docs/reliability.md, "Which
/// identity a journal record survives a remount with").
///
/// Most file systems keep a file's inode number on the disk. Some make them up in memory:
/// Linux's FAT and exFAT drivers number each file when they first load it (`iunique`), so after
/// a remount the same file has another number, and another file may have the old one; a FUSE
/// file system has the numbers its daemon gives, and libfuse's high-level API gives the node
/// number it made in this mount unless the daemon passes the disk's numbers through (`use_ino`,
/// as bindfs does; sshfs, s3fs and rclone mount do not). Which a FUSE daemon does shows nowhere
/// (not in `statfs`, not in the mount table, and a node number looks like any inode number), so
/// every FUSE mount is taken to make its numbers up: judging a record by its evidence alone costs
/// little, while trusting a made-up number serves a torn file for ever.
enum InodeNumberSource {
    /// `f_type` values from `<linux/magic.h>` of the file systems that make their numbers up.
    static let madeAtMountMagics: Set<UInt64> = [
        0x4D44,                         // MSDOS_SUPER_MAGIC (FAT: vfat and msdos)
        0x2011_BAB0,                    // EXFAT_SUPER_MAGIC
        NetworkFileSystem.fuseMagic,    // FUSE_SUPER_MAGIC (the daemon's own numbers)
    ]

    /// Whether the open file's inode numbers are made up at mount time or lookup (else kept on the
    /// disk, where a record's file is the one with its inode number): one `fstatfs`, asked once per
    /// descriptor. A file system that will not say counts as keeping them, so nothing changes where
    /// `statfs` fails.
    static func madeAtMount(_ file: FileDescriptor) -> Bool {
        file.fileSystemType.map(madeAtMountMagics.contains) ?? false
    }
}
