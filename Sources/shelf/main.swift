import Glibc
import ShelfCLI

// Past a file-size limit (ulimit -f) a write should fail with EFBIG, which shelf reports (exit 74)
// after removing its temp file, rather than kill the process and leave the temp file behind.
signal(SIGXFSZ, SIG_IGN)
// Everything lives in ShelfCLI so that tests can run it in-process; `runProcess` first makes sure
// descriptors 0, 1 and 2 are open, then reads the arguments as bytes.
exit(CLI.runProcess())
