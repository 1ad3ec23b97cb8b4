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
enum InodeNumberSource: Equatable {
    /// Kept on the disk: a record's file is the one with its inode number.
    case disk
    /// Made up at mount time or lookup (`name` says by which file system): a record's file is
    /// told by the record's evidence, and by its birth time where both sides have one.
    case madeAtMount(String)

    /// `f_type` values from `<linux/magic.h>` of the file systems that make their numbers up.
    static let madeAtMountMagics: [UInt64: String] = [
        0x4D44: "FAT",                            // MSDOS_SUPER_MAGIC (vfat and msdos)
        0x2011_BAB0: "exFAT",                     // EXFAT_SUPER_MAGIC
        NetworkFileSystem.fuseMagic: "FUSE",      // FUSE_SUPER_MAGIC (the daemon's own numbers)
    ]

    /// The source of the open file's inode numbers: one `fstatfs`, asked once per descriptor. A file system that will not
    /// say counts as keeping them (as before), so nothing changes where `statfs` fails.
    static func of(_ file: FileDescriptor) -> InodeNumberSource {
        guard let type = file.fileSystemType, let name = madeAtMountMagics[type] else { return .disk }
        return .madeAtMount(name)
    }
}
