import CShelfLinux
import Glibc

/// The real `Kernel`: each operation is one Linux system call, through `valueOrErrno`.
package struct LinuxKernel: Kernel {
    package init() {}

    package func open(_ path: SystemString, in folder: Int32?, _ options: OpenOptions, permissions: UInt32) throws(Errno) -> Int32 {
        try callAt(path, in: folder) { openat($0, $1, options.rawValue | O_CLOEXEC, mode_t(permissions)) }
    }

    package func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    package func read(_ descriptor: Int32, at offset: Int64?, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try valueOrErrno {
            guard let offset else { return Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            return pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
        }
    }

    package func write(_ descriptor: Int32, at offset: Int64?, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try valueOrErrno {
            guard let offset else { return Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
            return pwrite(descriptor, bytes.baseAddress, bytes.count, off_t(offset))
        }
    }

    package func sync(_ descriptor: Int32, dataOnly: Bool) throws(Errno) {
        _ = try valueOrErrno { dataOnly ? fdatasync(descriptor) : fsync(descriptor) }
    }

    package func truncate(_ descriptor: Int32, to length: Int64) throws(Errno) {
        _ = try valueOrErrno { ftruncate(descriptor, off_t(length)) }
    }

    package func status(_ descriptor: Int32) throws(Errno) -> FileStatus {
        var st = stat()
        _ = try valueOrErrno { fstat(descriptor, &st) }
        return FileStatus(st)
    }

    package func setPermissions(_ descriptor: Int32, _ permissions: UInt32) throws(Errno) {
        _ = try valueOrErrno { fchmod(descriptor, mode_t(permissions)) }
    }

    package func setTimes(_ descriptor: Int32, accessed: FileTime, modified: FileTime) throws(Errno) {
        var times = [timespec(accessed), timespec(modified)]
        _ = try valueOrErrno { futimens(descriptor, &times) }
    }

    package func setBlocking(_ descriptor: Int32) throws(Errno) {
        let flags = try valueOrErrno { fcntl(descriptor, F_GETFL) }
        _ = try valueOrErrno { fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    }

    package func lock(_ descriptor: Int32, _ operation: LockOperation, wait: Bool) throws(Errno) {
        let op: Int32 = switch operation {
        case .shared: LOCK_SH
        case .exclusive: LOCK_EX
        case .unlock: LOCK_UN
        }
        _ = try valueOrErrno { flock(descriptor, op | (wait ? 0 : LOCK_NB)) }
    }

    package func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    package func copyRange(from input: Int32, at inputOffset: inout Int64?, to output: Int32, at outputOffset: inout Int64?,
                           count: Int) throws(Errno) -> Int {
        var from = inputOffset ?? 0, to = outputOffset ?? 0
        let explicit = (inputOffset != nil, outputOffset != nil)
        let copied = try valueOrErrno {
            withUnsafeMutablePointer(to: &from) { fromPointer in
                withUnsafeMutablePointer(to: &to) { toPointer in
                    shelf_copy_file_range(input, explicit.0 ? fromPointer : nil, output, explicit.1 ? toPointer : nil, count, 0)
                }
            }
        }
        if inputOffset != nil { inputOffset = from }
        if outputOffset != nil { outputOffset = to }
        return copied
    }

    package func sendFile(from input: Int32, to output: Int32, count: Int) throws(Errno) -> Int {
        try valueOrErrno { sendfile(output, input, nil, count) }
    }

    package func splice(fromPipe pipe: Int32, to output: Int32, count: Int) throws(Errno) -> Int {
        try valueOrErrno { shelf_splice_from_pipe(pipe, output, count) }
    }

    package func dropCachedPages(_ descriptor: Int32) {
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    }

    package func startWriteback(_ descriptor: Int32, from offset: Int64, count: Int64) {
        _ = shelf_start_writeback(descriptor, offset, count)
    }

    package func mapForReading(_ descriptor: Int32, at offset: Int64, count: Int) throws(Errno) -> UnsafeRawBufferPointer {
        // mmap takes whole pages: map from the page `offset` is on, hand out from `offset`.
        let skip = Int(offset % Int64(LinuxKernel.pageSize))
        let start = try valueOrErrno { () -> Int in
            let mapped = mmap(nil, count + skip, PROT_READ, MAP_SHARED, descriptor, off_t(offset) - off_t(skip))
            return mapped == MAP_FAILED ? -1 : Int(bitPattern: mapped)
        }
        return UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: start)! + skip, count: count)
    }

    package func unmap(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress else { return }
        let skip = Int(bitPattern: start) % LinuxKernel.pageSize
        _ = munmap(UnsafeMutableRawPointer(mutating: start - skip), bytes.count + skip)
    }

    static let pageSize = Int(getpagesize())

    package func setPipeCapacity(_ pipe: Int32, _ bytes: Int) throws(Errno) -> Int {
        Int(try valueOrErrno { shelf_set_pipe_size(pipe, Int32(clamping: bytes)) })
    }

    package func volumeStatus(_ descriptor: Int32) throws(Errno) -> VolumeStatus {
        var info = statvfs()
        _ = try valueOrErrno { fstatvfs(descriptor, &info) }
        return VolumeStatus(info)
    }

    package func fileSystemType(_ descriptor: Int32) throws(Errno) -> UInt64 {
        var type: UInt64 = 0
        _ = try valueOrErrno { shelf_fstatfs_type(descriptor, &type) }
        return type
    }

    package func volumeStatus(of path: SystemString) throws(Errno) -> VolumeStatus {
        var info = statvfs()
        _ = try path.withCString { (cPath) throws(Errno) in try valueOrErrno { statvfs(cPath, &info) } }
        return VolumeStatus(info)
    }

    package func birthTime(_ descriptor: Int32) throws(Errno) -> FileTime? {
        var seconds: Int64 = 0
        var nanoseconds: UInt32 = 0
        let known = try valueOrErrno { shelf_birth_time(descriptor, &seconds, &nanoseconds) }
        return known == 1 ? FileTime(seconds: seconds, nanoseconds: Int64(nanoseconds)) : nil
    }

    package func handle(_ descriptor: Int32) throws(Errno) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 4 + 128)
        let count = try bytes.withUnsafeMutableBufferPointer { (buffer) throws(Errno) in
            try valueOrErrno { shelf_file_handle(descriptor, buffer.baseAddress, Int32(buffer.count)) }
        }
        return Array(bytes[..<Int(count)])
    }

    package func statusAndMount(of path: SystemString, in folder: Int32?) throws(Errno) -> (status: FileStatus, mount: UInt64?) {
        var st = stat()
        var id: UInt64 = 0
        let known = try callAt(path, in: folder) { shelf_status_and_mount($0, $1, 1, &st, &id) }
        return (FileStatus(st), known == 1 ? id : nil)
    }
}

extension LinuxKernel {
    /// `call` of the folder (AT_FDCWD for nil) and `path` as a C string, through `valueOrErrno`.
    func callAt<T: FixedWidthInteger>(_ path: SystemString, in folder: Int32?,
                                      _ call: (Int32, UnsafePointer<CChar>) -> T) throws(Errno) -> T {
        try path.withCString { (cPath) throws(Errno) in try valueOrErrno { call(folder ?? AT_FDCWD, cPath) } }
    }

    /// `callAt` for the two names of a rename or a link.
    func callAt<T: FixedWidthInteger>(_ path: SystemString, in folder: Int32?, _ newPath: SystemString, in newFolder: Int32?,
                                      _ call: (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>) -> T) throws(Errno) -> T {
        try path.withCString { (from) throws(Errno) in
            try newPath.withCString { (to) throws(Errno) in
                try valueOrErrno { call(folder ?? AT_FDCWD, from, newFolder ?? AT_FDCWD, to) }
            }
        }
    }
}

/// Runs a system call until a signal does not interrupt it; -1 becomes the thrown `Errno`. A
/// terminating signal that shelf is deferring (see `Interruption`) is not retried past: EINTR is
/// thrown, and the work under way is undone.
@inline(__always)
func valueOrErrno<T: FixedWidthInteger>(_ call: () -> T) throws(Errno) -> T {
    while true {
        let result = call()
        if result != -1 { return result }
        let failure = lastErrno()
        if failure != .interrupted || shelf_pending_signal() != 0 { throw failure }
    }
}

/// The C library's `errno` after a failed call: the one place in shelf that reads it.
func lastErrno() -> Errno {
    Errno(rawValue: Glibc.errno)
}

extension FileStatus {
    init(_ st: stat) {
        self.init(mode: UInt32(st.st_mode), size: Int64(st.st_size), device: UInt64(st.st_dev), inode: UInt64(st.st_ino),
                  linkCount: UInt64(st.st_nlink), owner: UInt32(st.st_uid),
                  accessed: FileTime(seconds: Int64(st.st_atim.tv_sec), nanoseconds: Int64(st.st_atim.tv_nsec)),
                  modified: FileTime(seconds: Int64(st.st_mtim.tv_sec), nanoseconds: Int64(st.st_mtim.tv_nsec)))
    }
}

extension VolumeStatus {
    init(_ info: statvfs) {
        self.init(fragmentSize: UInt64(info.f_frsize), blockSize: UInt64(info.f_bsize), blocks: UInt64(info.f_blocks),
                  availableBlocks: UInt64(info.f_bavail))
    }
}

extension timespec {
    init(_ time: FileTime) {
        self.init(tv_sec: Int(time.seconds), tv_nsec: Int(time.nanoseconds))
    }
}
