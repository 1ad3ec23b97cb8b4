/// What makes two names the same file: device and inode. Text cannot tell (two directories may
/// resolve into each other, a name may be a hard link), so move, copy and rename compare these.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
}

extension FileIdentity {
    init(_ status: FileStatus) {
        self.init(device: status.device, inode: status.inode)
    }

    /// Whether `folder` is the folder with this identity or lies anywhere below it. Walks up
    /// through `..` with descriptors (never by path text) until the root, whose `..` is itself.
    func contains(_ folder: FileDescriptor) throws -> Bool {
        var current = FileIdentity(try folder.status())
        if current == self { return true }
        var level: OpenFile?  // the ancestor reached so far (replacing it closes the one before)
        // Trees may be deeper than PATH_MAX allows a path to be (issue 12, item 10): the limit only
        // guards against a looping file system, and reaching it counts as inside (a refusal).
        for _ in 0..<(1 << 20) {
            let parent = OpenFile(try (level?.descriptor ?? folder).open("..", [.readOnly, .folder], path: folder.path))
            level = parent
            let next = FileIdentity(try parent.descriptor.status())
            if next == self { return true }
            if next == current { return false }  // reached the root
            current = next
        }
        return true
    }
}
