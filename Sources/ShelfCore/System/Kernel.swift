/// The primitive file-system operations shelf asks of the operating system, on raw descriptors and
/// names as bytes: every file-system call of the engine, the Swift API and the command line goes
/// through one value of this type (`SystemLayer.kernel`). `LinuxKernel` makes the real system calls.
///
/// It is the seam where a second implementation can stand in for the kernel for a whole process
/// (`SystemLayer.install`): a model of a file system that records every operation and simulates a
/// power cut, running the real engine on top. So it holds primitives only, one system call each;
/// everything built from them (looping over short reads and writes, retrying a busy name, falling
/// back where a flag is refused, naming an unnamed file through `/proc/self/fd`) lives above it and
/// runs the same over either implementation.
///
/// Conventions: a `folder` of nil means the current directory (AT_FDCWD), so a path is then
/// absolute or relative to it; otherwise the path is relative to the open folder. Calls never
/// follow a symbolic link unless `followingLinks` says so, except `open` (which has `noFollow`).
/// `EINTR` is retried inside; any other failure throws its `Errno`.
package protocol Kernel: Sendable {
    // MARK: Descriptors

    /// `openat(2)`; the descriptor is close-on-exec.
    func open(_ path: SystemString, in folder: Int32?, _ options: OpenOptions, permissions: UInt32) throws(Errno) -> Int32
    /// `close(2)`. Never retried: Linux releases the descriptor even when it reports EINTR.
    func close(_ descriptor: Int32)
    /// `pread(2)` at `offset`, or with nil `read(2)` at the current offset; 0 at the end.
    func read(_ descriptor: Int32, at offset: Int64?, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int
    /// `pwrite(2)` at `offset`, or with nil `write(2)` at the current offset; may write fewer bytes than given.
    func write(_ descriptor: Int32, at offset: Int64?, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int
    /// `fsync(2)`: data and metadata durable. On a folder: its entries (creates, renames, unlinks).
    /// `dataOnly`: `fdatasync(2)`, data durable and what reading it back needs (a changed length).
    func sync(_ descriptor: Int32, dataOnly: Bool) throws(Errno)
    /// `ftruncate(2)`.
    func truncate(_ descriptor: Int32, to length: Int64) throws(Errno)
    /// `fstat(2)`.
    func status(_ descriptor: Int32) throws(Errno) -> FileStatus
    /// `fchmod(2)`.
    func setPermissions(_ descriptor: Int32, _ permissions: UInt32) throws(Errno)
    /// `futimens(2)`.
    func setTimes(_ descriptor: Int32, accessed: FileTime, modified: FileTime) throws(Errno)
    /// `fcntl(F_SETFL)` without O_NONBLOCK: reads and writes wait again.
    func setBlocking(_ descriptor: Int32) throws(Errno)
    /// `flock(2)`; without `wait` a lock held elsewhere throws `wouldBlock`.
    func lock(_ descriptor: Int32, _ operation: LockOperation, wait: Bool) throws(Errno)
    /// `isatty(3)`.
    func isTerminal(_ descriptor: Int32) -> Bool

    // MARK: Copying inside the kernel

    /// `copy_file_range(2)`: at explicit offsets (which advance), or at the descriptors' own
    /// offsets when nil. 0 at the end of the input.
    func copyRange(from input: Int32, at inputOffset: inout Int64?, to output: Int32, at outputOffset: inout Int64?,
                   count: Int) throws(Errno) -> Int
    /// `sendfile(2)` from the input's offset to any output (a pipe, a socket, a file).
    func sendFile(from input: Int32, to output: Int32, count: Int) throws(Errno) -> Int
    /// `splice(2)` from a pipe to a file at the file's own offset: the bytes never pass through
    /// shelf's memory. 0 at the end of the input. Throws `invalidArgument` when `pipe` is no pipe.
    func splice(fromPipe pipe: Int32, to output: Int32, count: Int) throws(Errno) -> Int
    /// `fcntl(F_SETPIPE_SZ)`: asks for a pipe buffer of at least `bytes`; returns the size granted.
    func setPipeCapacity(_ pipe: Int32, _ bytes: Int) throws(Errno) -> Int
    /// `posix_fadvise(POSIX_FADV_DONTNEED)` of the whole file: its clean cached pages are let go
    /// (the data stays on disk). Only advice: nothing a reader sees changes.
    func dropCachedPages(_ descriptor: Int32)
    /// `sync_file_range(SYNC_FILE_RANGE_WRITE)`: starts writing `count` bytes from `offset` to disk
    /// and returns at once. Only a head start for the `fsync` that follows: it promises nothing.
    func startWriteback(_ descriptor: Int32, from offset: Int64, count: Int64)
    /// `mmap(2)`, read-only and shared, of `count` bytes of a file from `offset`: the file's cached
    /// pages themselves, no copy. The caller knows the file holds them (a page past its end would
    /// fault). `unmap` gives them back.
    func mapForReading(_ descriptor: Int32, at offset: Int64, count: Int) throws(Errno) -> UnsafeRawBufferPointer
    /// `munmap(2)` of what `mapForReading` gave.
    func unmap(_ bytes: UnsafeRawBufferPointer)

    // MARK: Names

    /// `fstatat(2)`.
    func status(of path: SystemString, in folder: Int32?, followingLinks: Bool) throws(Errno) -> FileStatus
    /// `mkdirat(2)`.
    func makeFolder(_ path: SystemString, in folder: Int32?, permissions: UInt32) throws(Errno)
    /// `unlinkat(2)`; with `isFolder` (AT_REMOVEDIR) an empty folder.
    func remove(_ path: SystemString, in folder: Int32?, isFolder: Bool) throws(Errno)
    /// `renameat2(2)`; empty options are a plain `renameat(2)`. Flags a kernel or file system does
    /// not support throw `invalidArgument`, `notImplemented` or `notSupported`.
    func rename(_ path: SystemString, in folder: Int32?, to newPath: SystemString, in newFolder: Int32?,
                _ options: RenameOptions) throws(Errno)
    /// `linkat(2)`; `followingLinks` (AT_SYMLINK_FOLLOW) links what a `/proc/self/fd` entry points to.
    func link(_ path: SystemString, in folder: Int32?, to newPath: SystemString, in newFolder: Int32?,
              followingLinks: Bool) throws(Errno)
    /// `readlinkat(2)`: the link's text.
    func readLink(_ path: SystemString, in folder: Int32?) throws(Errno) -> [UInt8]
    /// `symlinkat(2)`: a link at `path` whose text is `target`.
    func makeSymbolicLink(_ path: SystemString, in folder: Int32?, to target: SystemString) throws(Errno)
    /// `faccessat(2)` with AT_EACCESS: whether the effective user may.
    func checkAccess(_ path: SystemString, in folder: Int32?, _ mode: AccessMode) throws(Errno)
    /// The entries of an open folder (`getdents`/`readdir`), from its start, without `.` and `..`.
    func entries(ofFolder descriptor: Int32) throws(Errno) -> [FolderEntry]

    // MARK: Volumes

    /// `fstatvfs(3)`.
    func volumeStatus(_ descriptor: Int32) throws(Errno) -> VolumeStatus
    /// `statvfs(3)`.
    func volumeStatus(of path: SystemString) throws(Errno) -> VolumeStatus
    /// `fstatfs(2)`'s `f_type`: the file system's magic number (`<linux/magic.h>`), which tells
    /// network and FUSE file systems apart (`NetworkFileSystem`).
    func fileSystemType(_ descriptor: Int32) throws(Errno) -> UInt64

    // MARK: Extended attributes

    /// `fgetxattr(2)`: the value's size; with a buffer, its bytes. `noAttribute` when absent.
    func attribute(_ name: SystemString, of descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int
    /// `fsetxattr(2)`.
    func setAttribute(_ name: SystemString, of descriptor: Int32, to value: UnsafeRawBufferPointer) throws(Errno)
    /// `fremovexattr(2)`.
    func removeAttribute(_ name: SystemString, of descriptor: Int32) throws(Errno)
    /// `flistxattr(2)`: the size of the NUL-separated list; with a buffer, the list.
    func attributeNames(of descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int

    // MARK: Generations

    /// `statx(2)` with STATX_BTIME: when the file was made; nil when the file system keeps no birth time.
    func birthTime(_ descriptor: Int32) throws(Errno) -> FileTime?
    /// `name_to_handle_at(2)`: the file system's handle for the file (its type, then its bytes),
    /// which holds the inode's generation number where the file system has one.
    func handle(_ descriptor: Int32) throws(Errno) -> [UInt8]

    // MARK: Mounts

    /// `fstatat(2)` (links followed) and, in the same `statx(2)` (STATX_MNT_ID), the ID of the mount
    /// `path` in `folder` is reached through; nil when the kernel does not say. The namespace guard
    /// asks both of each base folder. `path` empty: the open `folder` itself.
    func statusAndMount(of path: SystemString, in folder: Int32?) throws(Errno) -> (status: FileStatus, mount: UInt64?)
}

extension Kernel {
    /// A kernel that cannot tell one file from a later one that got its inode number (the
    /// power-loss simulator's model never reuses a number) says so; shelf then goes by device
    /// and inode, and by the bytes a journal record checks (see `FileGeneration`).
    package func birthTime(_ descriptor: Int32) throws(Errno) -> FileTime? { nil }
    package func handle(_ descriptor: Int32) throws(Errno) -> [UInt8] { throw .notSupported }
    /// A model of a file system has no mounts: every folder is on one.
    package func statusAndMount(of path: SystemString, in folder: Int32?) throws(Errno) -> (status: FileStatus, mount: UInt64?) {
        (try path.bytes.isEmpty ? self.status(folder ?? -1) : self.status(of: path, in: folder, followingLinks: true), nil)
    }

    /// A kernel that cannot tell (a model of a file system) stands for a local file system.
    package func fileSystemType(_ descriptor: Int32) throws(Errno) -> UInt64 { 0 }

    /// A kernel without pipes (the power-loss model) refuses: callers copy through a buffer instead.
    package func splice(fromPipe pipe: Int32, to output: Int32, count: Int) throws(Errno) -> Int {
        throw Errno.invalidArgument
    }

    package func setPipeCapacity(_ pipe: Int32, _ bytes: Int) throws(Errno) -> Int {
        throw Errno.invalidArgument
    }

    /// A model has no page cache to let go of.
    package func dropCachedPages(_ descriptor: Int32) {}

    /// Nor a disk to start writing to.
    package func startWriteback(_ descriptor: Int32, from offset: Int64, count: Int64) {}

    /// Nor pages to map: callers read the bytes instead (`notSupported`, as a file system that
    /// cannot map answers).
    package func mapForReading(_ descriptor: Int32, at offset: Int64, count: Int) throws(Errno) -> UnsafeRawBufferPointer {
        throw Errno.notSupported
    }

    package func unmap(_ bytes: UnsafeRawBufferPointer) {}
}

/// The process's `Kernel`.
package enum SystemLayer {
    nonisolated(unsafe) private static var installed: any Kernel = LinuxKernel()

    /// The implementation every call goes through: `LinuxKernel` unless another was installed.
    package static var kernel: any Kernel { installed }

    /// Makes `kernel` serve every file-system call of this process from now on. For a test
    /// executable (the power-loss simulator), once, at its start, before any file is opened and
    /// while one thread runs: descriptors opened by one implementation mean nothing to another.
    /// Unit tests run in parallel in one process and must never call it.
    package static func install(_ kernel: any Kernel) {
        installed = kernel
    }
}

/// Shorthand for the engine's calls: `kernel.open(…)`.
var kernel: any Kernel { SystemLayer.kernel }
