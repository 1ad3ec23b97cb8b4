// Most calls are inline in include/CShelfLinux.h. O_TMPFILE is only defined for _GNU_SOURCE code,
// which a header imported into Swift cannot ask for, so its value is given here.
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include "CShelfLinux.h"

#ifdef O_TMPFILE
const int shelf_o_tmpfile = O_TMPFILE;
#else
const int shelf_o_tmpfile = 0;
#endif

int shelf_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }
