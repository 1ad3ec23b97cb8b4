// Most calls are inline in include/CShelfLinux.h. O_TMPFILE is only defined for _GNU_SOURCE code,
// which a header imported into Swift cannot ask for, so its value is given here.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "CShelfLinux.h"

#ifdef O_TMPFILE
const int shelf_o_tmpfile = O_TMPFILE;
#else
const int shelf_o_tmpfile = 0;
#endif

#ifdef O_PATH
const int shelf_o_path = O_PATH;
#else
const int shelf_o_path = 0;
#endif

int shelf_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int shelf_birth_time(int fd, long long *seconds, unsigned int *nanoseconds) {
#if defined(SYS_statx) && defined(STATX_BTIME)
    struct statx st;
    memset(&st, 0, sizeof st);
    if (syscall(SYS_statx, fd, "", AT_EMPTY_PATH, STATX_BTIME, &st) != 0) return -1;
    if (!(st.stx_mask & STATX_BTIME)) return 0;
    *seconds = (long long)st.stx_btime.tv_sec;
    *nanoseconds = st.stx_btime.tv_nsec;
    return 1;
#else
    errno = ENOSYS;
    return -1;
#endif
}

int shelf_file_handle(int fd, unsigned char *out, int capacity) {
#if defined(SYS_name_to_handle_at) && defined(MAX_HANDLE_SZ)
    union {
        struct file_handle handle;
        unsigned char bytes[sizeof(struct file_handle) + MAX_HANDLE_SZ];
    } buffer;
    int mount = 0;
    buffer.handle.handle_bytes = MAX_HANDLE_SZ;
    if (syscall(SYS_name_to_handle_at, fd, "", &buffer.handle, &mount, AT_EMPTY_PATH) != 0) return -1;
    unsigned int count = buffer.handle.handle_bytes;
    if (count > MAX_HANDLE_SZ || (int)count + 4 > capacity) {
        errno = EOVERFLOW;
        return -1;
    }
    uint32_t type = (uint32_t)buffer.handle.handle_type;
    for (int i = 0; i < 4; i++) out[i] = (unsigned char)(type >> (8 * i));
    memcpy(out + 4, buffer.handle.f_handle, count);
    return (int)count + 4;
#else
    errno = ENOSYS;
    return -1;
#endif
}

int shelf_status_and_mount(int dirfd, const char *path, int follow, struct stat *out, unsigned long long *id) {
    int flags = (path[0] == 0 ? AT_EMPTY_PATH : 0) | (follow ? 0 : AT_SYMLINK_NOFOLLOW);
#if defined(SYS_statx) && defined(STATX_MNT_ID)
    struct statx st;
    memset(&st, 0, sizeof st);
    if (syscall(SYS_statx, dirfd, path, flags, STATX_BASIC_STATS | STATX_MNT_ID, &st) == 0) {
        memset(out, 0, sizeof *out);
        // The device numbers encoded as stat(2) encodes them, so identities compare either way.
        out->st_dev = makedev(st.stx_dev_major, st.stx_dev_minor);
        out->st_ino = st.stx_ino;
        out->st_mode = st.stx_mode;
        out->st_nlink = st.stx_nlink;
        out->st_uid = st.stx_uid;
        out->st_gid = st.stx_gid;
        out->st_rdev = makedev(st.stx_rdev_major, st.stx_rdev_minor);
        out->st_size = (off_t)st.stx_size;
        out->st_blksize = (blksize_t)st.stx_blksize;
        out->st_blocks = (blkcnt_t)st.stx_blocks;
        out->st_atim.tv_sec = st.stx_atime.tv_sec;
        out->st_atim.tv_nsec = st.stx_atime.tv_nsec;
        out->st_mtim.tv_sec = st.stx_mtime.tv_sec;
        out->st_mtim.tv_nsec = st.stx_mtime.tv_nsec;
        out->st_ctim.tv_sec = st.stx_ctime.tv_sec;
        out->st_ctim.tv_nsec = st.stx_ctime.tv_nsec;
        if (!(st.stx_mask & STATX_MNT_ID)) return 0;
        *id = (unsigned long long)st.stx_mnt_id;
        return 1;
    }
    // No statx (before Linux 4.11), or a container's old system-call filter that refuses it
    // (EPERM, which statx itself never gives): fstatat, which they allow, as before.
    if (errno != ENOSYS && errno != EPERM) return -1;
#endif
    return fstatat(dirfd, path, out, flags) == 0 ? 0 : -1;
}
