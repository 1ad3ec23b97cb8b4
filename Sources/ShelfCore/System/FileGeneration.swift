/// What tells a file from a later one that was given its inode number. Device and inode alone do
/// not: ext4 and XFS hand a freed number to the next file made, often at once. So a journal
/// record (docs/formats.md) also keeps the file's birth time (`statx`) and its file-system handle
/// (`name_to_handle_at`, which holds the inode's generation number on ext4, XFS, Btrfs and tmpfs:
/// the number NFS uses to refuse a stale handle). Either alone tells the generations apart; both
/// are kept because file systems differ in which they have. A part the file system does not
/// report is recorded as unknown and compared as such. Neither costs a disk access: both are
/// read from the inode in memory.
///
/// A record must outlive a reboot, and a reboot may mount the same file system under another
/// device number (loop, device-mapper and LVM minors are handed out at boot; FUSE mounts get a
/// fresh anonymous one). So the device is recorded but never compared (`isGeneration`): a record
/// lies in the folder of its file, on the same file system. Inode number, birth time and handle
/// live on the disk and survive where the file system keeps inode numbers there; FAT, exFAT and
/// FUSE make them up at each mount, and there the record's evidence decides (`InodeNumberSource`;
/// docs/reliability.md, "Which identity a journal record survives a remount with").
struct FileGeneration: Equatable {
    var identity: FileIdentity
    /// Nil when the file system keeps no birth time.
    var birth: FileTime?
    /// Empty when the file system has no handles.
    var handle: [UInt8]

    /// The longest handle kept (the kernel's MAX_HANDLE_SZ, plus the 4 bytes of its type).
    static let maxHandleCount = 132
}

extension FileGeneration {
    /// The generation of the open `file`, whose status is `st`.
    init(of file: FileDescriptor, _ st: FileStatus) {
        identity = FileIdentity(st)
        birth = (try? kernel.birthTime(file.raw)) ?? nil
        let handle = (try? kernel.handle(file.raw)) ?? []
        self.handle = handle.count <= FileGeneration.maxHandleCount ? handle : []
    }

    /// Whether the file now seen as `now` (open as `file`) is this generation, whether or not
    /// its file system was mounted again since. Where inode numbers live on the disk: the same
    /// inode number and birth time, and the same handle where handles outlive a mount.
    ///
    /// Where inode numbers are made up at each mount (`InodeNumberSource`) nothing the kernel
    /// reports names the file across a remount: neither the number (another file may have this
    /// one's old number now) nor the handle (made from it, or from the daemon's node number). A
    /// birth time read from the disk still tells another file where both sides have one; else
    /// the record's evidence alone decides (the journal's verdict: the length between the old
    /// and the new one, the 64 bytes before the change, the heads of each change).
    func isGeneration(_ now: FileGeneration, of file: FileDescriptor) -> Bool {
        guard !InodeNumberSource.madeAtMount(file) else { return birth == nil || now.birth == nil || birth == now.birth }
        return identity.inode == now.identity.inode && birth == now.birth && handle == now.handle
    }
}
