import Glibc

/// What makes two names the same file: device and inode. Text cannot tell (two directories may
/// resolve into each other, a name may be a hard link), so move, copy and rename compare these.
struct FileIdentity: Equatable {
    let device: UInt
    let inode: UInt

    init(_ st: stat) {
        device = UInt(st.st_dev)
        inode = UInt(st.st_ino)
    }

    init(device: UInt, inode: UInt) {
        self.device = device
        self.inode = inode
    }

    /// Whether `folder` is the folder with this identity or lies anywhere below it. Walks up
    /// through `..` with descriptors (never by path text) until the root, whose `..` is itself.
    func contains(_ folder: FileDescriptor) throws -> Bool {
        var current = FileIdentity(try folder.status())
        if current == self { return true }
        var fd = dup(folder.raw)
        if fd < 0 { throw ShelfError.lastError(path: folder.path, operation: "dup") }
        defer { Glibc.close(fd) }
        // PATH_MAX bounds any real depth; the limit only guards against a looping file system.
        for _ in 0..<4096 {
            let parent = retryingEINTR { openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            if parent < 0 { throw ShelfError.lastError(path: folder.path, operation: "open parent folder") }
            Glibc.close(fd)
            fd = parent
            var st = stat()
            if fstat(fd, &st) != 0 { throw ShelfError.lastError(path: folder.path, operation: "stat") }
            let next = FileIdentity(st)
            if next == self { return true }
            if next == current { return false }  // reached the root
            current = next
        }
        return false
    }
}
