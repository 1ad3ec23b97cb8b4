import Glibc

/// A point in time as the file system keeps it: seconds since 1970 UTC and nanoseconds.
package struct FileTime: Hashable, Sendable {
    package var seconds: Int64
    package var nanoseconds: Int64

    package init(seconds: Int64, nanoseconds: Int64) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }
}

/// What `stat` says about a file, in the terms shelf uses.
package struct FileStatus: Hashable, Sendable {
    /// Type and permission bits, as `st_mode`.
    package var mode: UInt32
    package var size: Int64
    package var device: UInt64
    package var inode: UInt64
    package var linkCount: UInt64
    package var owner: UInt32
    package var accessed: FileTime
    package var modified: FileTime

    package init(mode: UInt32, size: Int64, device: UInt64, inode: UInt64, linkCount: UInt64 = 1, owner: UInt32 = 0,
                 accessed: FileTime, modified: FileTime) {
        self.mode = mode
        self.size = size
        self.device = device
        self.inode = inode
        self.linkCount = linkCount
        self.owner = owner
        self.accessed = accessed
        self.modified = modified
    }

    /// The file type bits of `mode` (S_IFMT).
    private var type: UInt32 { mode & UInt32(S_IFMT) }

    package var isFolder: Bool { type == UInt32(S_IFDIR) }
    package var isRegularFile: Bool { type == UInt32(S_IFREG) }
    var isSymbolicLink: Bool { type == UInt32(S_IFLNK) }
    /// A terminal is one (so is /dev/null): anything else is surely no terminal.
    var isCharacterDevice: Bool { type == UInt32(S_IFCHR) }
    /// What stands there, for messages: "a FIFO (named pipe)", "a socket", "a folder"…
    var kindName: String {
        switch type {
        case UInt32(S_IFREG): return "a regular file"
        case UInt32(S_IFDIR): return "a folder"
        case UInt32(S_IFLNK): return "a symbolic link"
        case UInt32(S_IFIFO): return "a FIFO (named pipe)"
        case UInt32(S_IFSOCK): return "a socket"
        case UInt32(S_IFCHR): return "a character device"
        case UInt32(S_IFBLK): return "a block device"
        default: return "a file of unknown type"
        }
    }

    /// The permission bits, with setuid, setgid and sticky.
    package var permissions: UInt32 { mode & 0o7777 }
}

/// The numbers `statvfs` gives about a volume.
package struct VolumeStatus: Sendable {
    package var fragmentSize: UInt64
    package var blockSize: UInt64
    package var blocks: UInt64
    package var availableBlocks: UInt64

    package init(fragmentSize: UInt64, blockSize: UInt64, blocks: UInt64, availableBlocks: UInt64) {
        self.fragmentSize = fragmentSize
        self.blockSize = blockSize
        self.blocks = blocks
        self.availableBlocks = availableBlocks
    }
}
