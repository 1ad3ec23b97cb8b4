import Glibc
import ShelfCLI

/// Marks this program as the command line for the C start-up code (CShelfSignals.c), which blocks
/// the ending signals until `runProcess` installs shelf's handler. Never called.
@_cdecl("shelf_command_line_marker")
public func shelfCommandLineMarker() {}

// Past a file-size limit (ulimit -f) a write should fail with EFBIG, which shelf reports (exit 74)
// after removing its temp file, rather than kill the process and leave the temp file behind.
signal(SIGXFSZ, SIG_IGN)
// Everything lives in ShelfCLI so that tests can run it in-process; `runProcess` first makes sure
// descriptors 0, 1 and 2 are open, then reads the arguments as bytes.
exit(CLI.runProcess())
