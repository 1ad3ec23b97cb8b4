// Most calls are inline in include/CShelfLinux.h. O_TMPFILE is only defined for _GNU_SOURCE code,
// which a header imported into Swift cannot ask for, so its call lives here.
#define _GNU_SOURCE
#include <fcntl.h>
#include "CShelfLinux.h"

int shelf_open_unnamed(int folder, mode_t mode) {
#ifdef O_TMPFILE
    return openat(folder, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
#else
    errno = EOPNOTSUPP;
    return -1;
#endif
}
