// Linux calls that Swift's Glibc module does not declare (glibc declares them only under
// _GNU_SOURCE, or in headers the module leaves out). They are made here as raw system calls or
// direct calls, so they work the same in a dynamic binary and in the fully static one that
// `make release` builds, where looking symbols up at run time (dlsym) finds nothing.
#ifndef CSHELFLINUX_H
#define CSHELFLINUX_H

#include <errno.h>
#include <sys/types.h>
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

static inline ssize_t shelf_flistxattr(int fd, char *list, size_t size) { return flistxattr(fd, list, size); }
static inline ssize_t shelf_fgetxattr(int fd, const char *name, void *value, size_t size) {
    return fgetxattr(fd, name, value, size);
}
static inline int shelf_fsetxattr(int fd, const char *name, const void *value, size_t size, int flags) {
    return fsetxattr(fd, name, value, size, flags);
}
static inline int shelf_fremovexattr(int fd, const char *name) { return fremovexattr(fd, name); }

/// open(2)'s O_TMPFILE (it includes O_DIRECTORY), which glibc shows only to _GNU_SOURCE code, hence
/// defined in CShelfLinux.c; 0 where the C library does not know it (the open then fails, and the
/// caller falls back to a named file).
extern const int shelf_o_tmpfile;

/// pipe2(2) with O_CLOEXEC, declared only for _GNU_SOURCE code (defined in CShelfLinux.c): both ends
/// close-on-exec from the start, so a program started by another thread meanwhile never inherits one.
int shelf_pipe_cloexec(int fds[2]);

#endif
