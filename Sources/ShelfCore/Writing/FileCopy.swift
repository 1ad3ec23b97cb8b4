import Glibc

/// Copies the bytes and the metadata of one open file (or folder) to another descriptor.
enum FileCopy {
    /// Copies every byte from the current offsets. `copy_file_range` keeps the data in the kernel
    /// (and shares blocks on file systems that can); where it is refused (an older kernel across
    /// file systems, a file system without support) a read/write loop with a fixed buffer goes on.
    static func copyData(from input: FileDescriptor, to output: FileDescriptor) throws {
        while true {
            let n = KernelCalls.copyFileRange(from: input.raw, to: output.raw, count: WorkProgress.chunk(1 << 30))
            if n > 0 {
                WorkProgress.report(.advanced(Int64(n)))
                continue
            }
            if n == 0 { break }
            let code = errno
            if [EXDEV, EINVAL, ENOSYS, EOPNOTSUPP, EBADF, ETXTBSY, EPERM].contains(code) { break }
            throw ShelfError.system(code, path: output.path, operation: "copy")
        }
        // Also the safety net for a file system whose copy_file_range reports 0 too early.
        try input.copyRest(to: output)
    }

    /// Gives `output` the permission bits, access and modification times and `user.` extended
    /// attributes of the source, the way `cp -p` does. Ownership is not copied (the copy belongs to
    /// whoever runs shelf), nor are setuid and setgid bits, which would then mean something else.
    /// Attributes the target file system refuses (for example user xattrs on an older tmpfs) are
    /// skipped: the data matters more than its annotations.
    static func copyMetadata(from input: FileDescriptor, _ st: stat, to output: FileDescriptor) throws {
        if let names = KernelCalls.xattrNames(input.raw) {
            for name in names where name.hasPrefix("user.") {
                if let value = KernelCalls.xattr(input.raw, name) { _ = KernelCalls.setXattr(output.raw, name, value) }
            }
        }
        if fchmod(output.raw, st.st_mode & 0o1777) != 0 {
            throw ShelfError.lastError(path: output.path, operation: "set mode")
        }
        var times = [st.st_atim, st.st_mtim]
        if futimens(output.raw, &times) != 0 {
            throw ShelfError.lastError(path: output.path, operation: "set times")
        }
    }
}
