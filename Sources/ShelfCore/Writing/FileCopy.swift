/// Copies the bytes and the metadata of one open file (or folder) to another descriptor.
enum FileCopy {
    /// Copies every byte from the current offsets. `copy_file_range` keeps the data in the kernel
    /// (and shares blocks on file systems that can); where it is refused (an older kernel across
    /// file systems, a file system without support) a read/write loop with a fixed buffer goes on.
    static func copyData(from input: FileDescriptor, to output: FileDescriptor) throws {
        var noOffset: Int64?, alsoNoOffset: Int64?
        copying: while true {
            do {
                let n = try kernel.copyRange(from: input.raw, at: &noOffset, to: output.raw, at: &alsoNoOffset,
                                             count: WorkProgress.chunk(1 << 30))
                if n == 0 { break copying }
                WorkProgress.report(.advanced(Int64(n)))
            } catch where [.crossDevice, .invalidArgument, .notImplemented, .notSupported, .badDescriptor, .textBusy, .notPermitted]
                        .contains(error) {
                break copying
            } catch {
                throw ShelfError.system(error, path: output.path, operation: "copy")
            }
        }
        // Also the safety net for a file system whose copy_file_range reports 0 too early.
        try input.copyRest(to: output)
    }

    /// Gives `output` the permission bits, access and modification times and `user.` extended
    /// attributes of the source, the way `cp -p` does. Ownership is not copied (the copy belongs to
    /// whoever runs shelf), nor are setuid and setgid bits, which would then mean something else.
    /// Attributes the target file system refuses (for example user xattrs on an older tmpfs) are
    /// skipped: the data matters more than its annotations.
    static func copyMetadata(from input: FileDescriptor, _ st: FileStatus, to output: FileDescriptor) throws {
        ExtendedAttributes.copyUserAttributes(from: input, to: output)
        try output.setPermissions(st.permissions & 0o1777)
        try output.setTimes(accessed: st.accessed, modified: st.modified)
    }
}
