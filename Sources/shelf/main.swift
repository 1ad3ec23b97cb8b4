import CShelfStart
import Glibc
import ShelfCLI

// The environment exactly as shelf was given it, before anything reads it (CShelfStart.c).
let backtracerOff = shelf_start_restore_environment() == 1
// Past a file-size limit (ulimit -f) a write should fail with EFBIG, which shelf reports (exit 74)
// after removing its temp file, rather than kill the process and leave the temp file behind.
signal(SIGXFSZ, SIG_IGN)
// Everything lives in ShelfCLI so that tests can run it in-process; `runProcess` first makes sure
// descriptors 0, 1 and 2 are open, then reads the arguments as bytes.
// Where the Swift runtime's backtracer may be on, its crash handler would meet a signal before
// shelf's handler is installed (SIGQUIT: a crash report, and the work went on): installed at once.
exit(CLI.runProcess(handlersAtOnce: !backtracerOff))
