// Linux calls that Swift's Glibc module does not declare (glibc declares them only under
// _GNU_SOURCE, or in headers the module leaves out). They are made here as raw system calls or
// direct calls, so they work the same in a dynamic binary and in the fully static one that
// `make release` builds, where looking symbols up at run time (dlsym) finds nothing.
#ifndef CSHELFLINUX_H
#define CSHELFLINUX_H

#include <errno.h>
#include <sys/types.h>
#include <sys/vfs.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

/// renameat2(2) as a system call: -1 with errno ENOSYS on a kernel without it (before 3.15),
/// whatever the C library's version.
static inline int shelf_renameat2(int fromFolder, const char *from, int toFolder, const char *to, unsigned int flags) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, fromFolder, from, toFolder, to, flags);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// copy_file_range(2) as a system call: -1 with errno ENOSYS on a kernel without it (before 4.5).
static inline ssize_t shelf_copy_file_range(int input, long long *inputOffset, int output, long long *outputOffset,
                                            size_t count, unsigned int flags) {
#ifdef SYS_copy_file_range
    return (ssize_t)syscall(SYS_copy_file_range, input, inputOffset, output, outputOffset, count, flags);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// fstatfs(2)'s f_type (the file system's magic number, <linux/magic.h>), which Swift's Glibc
/// module does not declare (<sys/vfs.h>); -1 with errno on failure.
static inline int shelf_fstatfs_type(int fd, unsigned long long *type) {
    struct statfs info;
    if (fstatfs(fd, &info) != 0) return -1;
    *type = (unsigned long long)(unsigned int)info.f_type;
    return 0;
}

/// splice(2) from a pipe to a file at the file's own offset, as a system call (glibc declares it only
/// under _GNU_SOURCE). SPLICE_F_MOVE (1) is a hint; the kernel may copy anyway.
static inline ssize_t shelf_splice_from_pipe(int pipe, int output, size_t count) {
#ifdef SYS_splice
    return (ssize_t)syscall(SYS_splice, pipe, (long long *)0, output, (long long *)0, count, 1u);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// sync_file_range(2) with SYNC_FILE_RANGE_WRITE (2): starts writing the range's dirty pages to
/// disk without waiting for them, as a system call (glibc declares it only under _GNU_SOURCE).
static inline int shelf_start_writeback(int fd, long long offset, long long count) {
#ifdef SYS_sync_file_range
    return (int)syscall(SYS_sync_file_range, fd, offset, count, 2u);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// fcntl(F_SETPIPE_SZ) (1031 since Linux 2.6.35): the pipe's capacity becomes at least `bytes`
/// (rounded up to pages); returns the capacity granted, or -1 (EPERM above the unprivileged limit,
/// EBADF or EINVAL when the descriptor is not a pipe).
static inline int shelf_set_pipe_size(int pipe, int bytes) {
    return (int)syscall(SYS_fcntl, pipe, 1031, bytes);
}

/// The register states the operating system saves across context switches for this process, as
/// XCR0's bits, read by `xgetbv` (no system call: the processor answers). Only where cpuid leaf 1
/// says OSXSAVE (ECX bit 27): elsewhere the instruction faults. 0 off x86_64.
static inline unsigned long long shelf_saved_register_states(void) {
#if defined(__x86_64__)
    unsigned int low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return ((unsigned long long)high << 32) | low;
#else
    return 0;
#endif
}

static inline ssize_t shelf_flistxattr(int fd, char *list, size_t size) { return flistxattr(fd, list, size); }
static inline ssize_t shelf_fgetxattr(int fd, const char *name, void *value, size_t size) {
    return fgetxattr(fd, name, value, size);
}
static inline int shelf_fsetxattr(int fd, const char *name, const void *value, size_t size, int flags) {
    return fsetxattr(fd, name, value, size, flags);
}
static inline int shelf_fremovexattr(int fd, const char *name) { return fremovexattr(fd, name); }

/// The birth time of an open file from statx(2) (STATX_BTIME), as a raw system call: 1 with the
/// time when the file system reports one, 0 when it does not, -1 with errno (ENOSYS before 4.11).
int shelf_birth_time(int fd, long long *seconds, unsigned int *nanoseconds);

/// name_to_handle_at(2) of an open file (AT_EMPTY_PATH): the file system's handle for it, which
/// on ext4, XFS, Btrfs and tmpfs holds the inode's generation number (NFS tells a reused inode
/// from the file that had its number this way). Writes the handle type (4 bytes, little-endian)
/// and the handle's bytes to `out`; returns their count, or -1 with errno (EOPNOTSUPP where the
/// file system has no handles, EOVERFLOW when `capacity` is too small).
int shelf_file_handle(int fd, unsigned char *out, int capacity);

/// open(2)'s O_TMPFILE (it includes O_DIRECTORY), which glibc shows only to _GNU_SOURCE code, hence
/// defined in CShelfLinux.c; 0 where the C library does not know it (the open then fails, and the
/// caller falls back to a named file).
extern const int shelf_o_tmpfile;

/// open(2)'s O_PATH: a descriptor that only names a file or folder, for *at calls and fstat; opening
/// it needs no read permission. _GNU_SOURCE only, hence defined in CShelfLinux.c; 0 where the C
/// library does not know it (a plain read-only open then).
extern const int shelf_o_path;

/// pipe2(2) with O_CLOEXEC, declared only for _GNU_SOURCE code (defined in CShelfLinux.c): both ends
/// close-on-exec from the start, so a program started by another thread meanwhile never inherits one.
int shelf_pipe_cloexec(int fds[2]);

struct stat;
/// What fstatat(2) gives and the mount ID in one statx(2) (STATX_BASIC_STATS | STATX_MNT_ID, Linux 5.8):
/// `path` in `dirfd` (the open file itself when `path` is empty), links followed when `follow`. 1 with
/// `*id` set (the first field of /proc/self/mountinfo), 0 when the kernel does not report the mount (or has no statx: fstatat then), -1 with errno.
int shelf_status_and_mount(int dirfd, const char *path, int follow, struct stat *out, unsigned long long *id);

#include "CShelfSignals.h"

#endif
