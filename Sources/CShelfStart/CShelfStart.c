// The command line's first instruction: an entry in the executable's .preinit_array, which the
// dynamic loader runs before the initialiser of any shared library (glibc's _dl_init calls the main
// program's pre-initialisers first), and the static start-up code before any initialiser. Only
// the `shelf` executable links this target; a pre-initialiser is not allowed in a shared library,
// and other programs that link the engine (the Swift API's users, the tests) keep their signals.
#include "CShelfStart.h"
#include "CShelfSignals.h"

// A signal that arrives before `main` installs shelf's handler would meet the Swift runtime's
// crash handler (SIGQUIT: a crash report), which libswiftCore installs from its own initialiser:
// in the dynamic debug build that ran before any initialiser of the executable, so blocking the
// ending signals from a constructor left a window (found by the battery, issue 21 item 12).
static void block_at_start(void) { shelf_block_terminating_signals_at_start(); }

__attribute__((section(".preinit_array"), used)) static void (*const shelf_preinit_entry)(void) = block_at_start;
