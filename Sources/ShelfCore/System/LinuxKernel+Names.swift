import CShelfLinux
import Glibc

/// The calls on names in folders, and extended attributes.
extension LinuxKernel {
    package func status(of path: SystemString, in folder: Int32?, followingLinks: Bool) throws(Errno) -> FileStatus {
        var st = stat()
        _ = try callAt(path, in: folder) { fstatat($0, $1, &st, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW) }
        return FileStatus(st)
    }

    package func makeFolder(_ path: SystemString, in folder: Int32?, permissions: UInt32) throws(Errno) {
        _ = try callAt(path, in: folder) { mkdirat($0, $1, mode_t(permissions)) }
    }

    package func remove(_ path: SystemString, in folder: Int32?, isFolder: Bool) throws(Errno) {
        _ = try callAt(path, in: folder) { unlinkat($0, $1, isFolder ? AT_REMOVEDIR : 0) }
    }

    package func rename(_ path: SystemString, in folder: Int32?, to newPath: SystemString, in newFolder: Int32?,
                        _ options: RenameOptions) throws(Errno) {
        // A plain rename is renameat(2), which every kernel has; flags need renameat2(2), made as
        // a raw system call so that an old kernel answers ENOSYS.
        _ = try callAt(path, in: folder, newPath, in: newFolder) {
            options.isEmpty ? renameat($0, $1, $2, $3) : shelf_renameat2($0, $1, $2, $3, options.rawValue)
        }
    }

    package func link(_ path: SystemString, in folder: Int32?, to newPath: SystemString, in newFolder: Int32?,
                      followingLinks: Bool) throws(Errno) {
        _ = try callAt(path, in: folder, newPath, in: newFolder) {
            linkat($0, $1, $2, $3, followingLinks ? AT_SYMLINK_FOLLOW : 0)
        }
    }

    package func readLink(_ path: SystemString, in folder: Int32?) throws(Errno) -> [UInt8] {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
        defer { buffer.deallocate() }
        let count = try callAt(path, in: folder) { readlinkat($0, $1, buffer, Int(PATH_MAX)) }
        return UnsafeBufferPointer(start: buffer, count: count).map { UInt8(bitPattern: $0) }
    }

    package func makeSymbolicLink(_ path: SystemString, in folder: Int32?, to target: SystemString) throws(Errno) {
        _ = try target.withCString { (cTarget) throws(Errno) in try callAt(path, in: folder) { symlinkat(cTarget, $0, $1) } }
    }

    package func checkAccess(_ path: SystemString, in folder: Int32?, _ mode: AccessMode) throws(Errno) {
        _ = try callAt(path, in: folder) { faccessat($0, $1, mode.rawValue, AT_EACCESS) }
    }

    package func entries(ofFolder descriptor: Int32) throws(Errno) -> [FolderEntry] {
        // fdopendir takes ownership of its descriptor: give it a duplicate, which shares the
        // offset, so rewind to read from the start.
        let duplicate = try valueOrErrno { dup(descriptor) }
        guard let stream = fdopendir(duplicate) else {
            let failure = lastErrno()
            Glibc.close(duplicate)
            throw failure
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var entries: [FolderEntry] = []
        while true {
            Glibc.errno = 0
            guard let entry = readdir(stream) else {
                let failure = lastErrno()
                if failure.rawValue != 0 { throw failure }
                return entries
            }
            // The kernel's names are never empty and hold no `/` nor NUL: no check needed.
            let name: [UInt8]? = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                let length = strnlen(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count)
                let name = UnsafeRawBufferPointer(rebasing: bytes[..<length])
                let isDotOrDotDot = length <= 2 && name.allSatisfy { $0 == UInt8(ascii: ".") }
                return isDotOrDotDot ? nil : Array(name)
            }
            guard let name else { continue }
            entries.append(FolderEntry(name: FileName(trusted: name), kind: FolderEntry.Kind(entry.pointee.d_type),
                                       inode: UInt64(entry.pointee.d_ino)))
        }
    }

    package func attribute(_ name: SystemString, of descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try name.withCString { (cName) throws(Errno) in
            try valueOrErrno { shelf_fgetxattr(descriptor, cName, buffer.baseAddress, buffer.count) }
        }
    }

    package func setAttribute(_ name: SystemString, of descriptor: Int32, to value: UnsafeRawBufferPointer) throws(Errno) {
        _ = try name.withCString { (cName) throws(Errno) in
            try valueOrErrno { shelf_fsetxattr(descriptor, cName, value.baseAddress, value.count, 0) }
        }
    }

    package func removeAttribute(_ name: SystemString, of descriptor: Int32) throws(Errno) {
        _ = try name.withCString { (cName) throws(Errno) in try valueOrErrno { shelf_fremovexattr(descriptor, cName) } }
    }

    package func attributeNames(of descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try valueOrErrno { shelf_flistxattr(descriptor, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count) }
    }
}

extension FolderEntry.Kind {
    init(_ type: UInt8) {
        switch Int32(type) {
        case Int32(DT_DIR): self = .folder
        case Int32(DT_REG): self = .regularFile
        case Int32(DT_LNK): self = .symbolicLink
        case Int32(DT_UNKNOWN): self = .unknown
        default: self = .other
        }
    }
}
