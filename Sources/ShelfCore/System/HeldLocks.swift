/// The files some process holds a `flock` or POSIX lock on right now, read once from
/// `/proc/locks`. A whole-folder `clear` asks this set instead of opening and try-locking each
/// file: one read instead of four system calls a file, which is most of what made it slower than
/// `rm -rf`.
///
/// Locks are seen as the kernel shows them to this process (its PID namespace). A lock taken after
/// the snapshot is not seen. That is harmless: removing a name never tears a
/// file, so an append that starts meanwhile either finished before the clear (and its file goes,
/// as the clear asked) or writes into a file the clear already unlinked.
struct HeldLocks {
    struct Key: Hashable {
        let major: UInt64
        let minor: UInt64
        let inode: UInt64
    }

    let keys: Set<Key>
    /// One bit per locked inode number modulo 64: a clear asks for every file, and most are
    /// answered by this bit without hashing a key.
    let inodeBits: UInt64
    /// The file system the snapshot speaks for (a local one: see `Store.clear`); nil for any.
    /// A folder on another (a network file system mounted inside) is not covered: `ClearWalk.lockCheck`.
    var device: UInt64?

    /// nil when `/proc/locks` cannot be read (no procfs): callers then try each file's lock.
    static func snapshot(from path: String = "/proc/locks") -> HeldLocks? {
        // Most lists are a few lines: a small buffer first (a zeroed MiB cost the clear's process
        // 256 page faults), a large one only for a list that fills it.
        for limit in [64 << 10, 1 << 20] {
            guard let bytes = try? FileDescriptor.readSmallFile(path, limit: limit) else { return nil }
            // A list that fills the buffer may have been cut: then nothing is known for sure.
            if bytes.count < limit { return HeldLocks(parsing: String(decoding: bytes, as: UTF8.self)) }
        }
        return nil
    }

    /// Lines look like `1: FLOCK  ADVISORY  WRITE 4321 08:01:1234567 0 EOF` (waiters have `->`
    /// after the number); the device is `major:minor` in hex, then the inode in decimal.
    init(parsing text: String) {
        var keys = Set<Key>()
        for line in text.split(separator: "\n") {
            for field in line.split(separator: " ") where field.utf8.filter({ $0 == UInt8(ascii: ":") }).count == 2 {
                let parts = field.split(separator: ":", omittingEmptySubsequences: false)
                if let major = UInt64(parts[0], radix: 16), let minor = UInt64(parts[1], radix: 16),
                   let inode = UInt64(parts[2]) {
                    keys.insert(Key(major: major, minor: minor, inode: inode))
                }
            }
        }
        self.keys = keys
        inodeBits = keys.reduce(0) { $0 | 1 << ($1.inode & 63) }
    }

    /// Whether the file with this status is locked by anyone.
    func contains(_ status: FileStatus) -> Bool {
        contains(device: status.device, inode: status.inode)
    }

    /// Whether the file with this inode on this device (`st_dev`) is locked by anyone.
    func contains(device: UInt64, inode: UInt64) -> Bool {
        guard inodeBits & 1 << (inode & 63) != 0 else { return false }
        // glibc's encoding of dev_t (gnu_dev_major / gnu_dev_minor, which Swift does not import).
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~UInt64(0xFFF))
        let minor = (device & 0xFF) | ((device >> 12) & ~UInt64(0xFF))
        return keys.contains(Key(major: major & 0xFFFF_FFFF, minor: minor & 0xFFFF_FFFF, inode: inode))
    }
}
