// What the `shelf` executable's pre-initialiser (CShelfStart.c) leaves for `main` to finish.
#ifndef CSHELFSTART_H
#define CSHELFSTART_H

/// Puts back the environment entry lent to the Swift runtime's backtracer setting before `main`:
/// `main`'s first call, before anything reads the environment or starts a program. Returns 1
/// when the setting was lent (the backtracer is off); 0 when it was not (a SWIFT_BACKTRACE of the
/// user's own, or no entry to lend), when the backtracer's crash handler may be waiting for the
/// ending signals.
int shelf_start_restore_environment(void);

#endif
