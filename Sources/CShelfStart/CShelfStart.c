// The command line's first instruction: an entry in the executable's .preinit_array, which the
// dynamic loader runs before the initialiser of any shared library (glibc's _dl_init calls the main
// program's pre-initialisers first), and the static start-up code before any initialiser. Only
// the `shelf` executable links this target; a pre-initialiser is not allowed in a shared library,
// and other programs that link the engine (the Swift API's users, the tests) keep their signals.
#include <stddef.h>
#include <string.h>
#include "CShelfStart.h"
#include "CShelfSignals.h"

// ---- The arguments, as the process received them ----------------------------------------------
//
// The Swift standard library finds `CommandLine.arguments` by reading /proc/self/maps from an
// initialiser of its own (CommandLine.cpp: the stack's bounds, then back from `environ` to argv):
// five system calls before `main` on every run. A pre-initialiser is handed argc and argv, so the
// two functions that file defines are defined here instead, and a static link no longer takes that
// file (nor its initialiser) from the library. Where the library is shared (the debug build) its
// initialiser still runs; these definitions then agree with it.
static int start_argc = 0;
static char **start_argv = NULL;
static char *no_arguments[] = {NULL};
static int override_argc = 0;
static char **override_argv = NULL;

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (override_argv) {
        *outArgLen = override_argc;
        return override_argv;
    }
    *outArgLen = start_argv ? start_argc : 0;
    return start_argv ? start_argv : no_arguments;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_argv = argv;
    override_argc = argc;
}

// ---- The Swift runtime's backtracer, off ---------------------------------------------------------
//
// Its initialiser looks for the `swift-backtrace` program beside the executable (a readlink of
// /proc/self/exe and eight `stat`s) and asks twice whether standard output is a terminal: eleven
// system calls on every run. The static release finds no such program and turns itself off anyway;
// the setting below says so before it looks. The runtime reads its settings from the environment
// once, in that initialiser, so the setting is lent to it there: one entry of the environment
// array (one no initialiser reads) points at it until `main`, which puts the entry back
// (`shelf_start_restore_environment`): the array, its entries and the variables programs shelf
// starts get are then exactly those shelf was given. A SWIFT_BACKTRACE of the user's own is left
// to work as usual.
static char backtracer_off[] = "SWIFT_BACKTRACE=enable=no,interactive=no,color=no,swift-backtrace=";
static char **lent_entry = NULL;
static char *lent_value = NULL;

static int starts_with(const char *text, const char *prefix) {
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

// Variables that an initialiser before `main` may read: the Swift runtime's own, libdispatch's,
// the C library's and the loader's.
static int read_before_main(const char *entry) {
    return starts_with(entry, "SWIFT_") || starts_with(entry, "LIBDISPATCH_") || starts_with(entry, "GLIBC_")
        || starts_with(entry, "MALLOC_") || starts_with(entry, "LD_");
}

// `envp` is the array `environ` points to (in a dynamic program libc may set `environ` itself
// only after the pre-initialisers), and the one the runtime reads.
// Returns whether the setting was lent (the backtracer is then off).
static int lend_backtracer_setting(char **envp) {
    char **chosen = NULL;
    for (char **entry = envp; entry && *entry; entry++) {
        if (starts_with(*entry, "SWIFT_BACKTRACE=")) return 0;
        if (read_before_main(*entry)) continue;
        // The shell's `_` (the program's path) when there is one; else the last such entry.
        if (!chosen || !starts_with(*chosen, "_=")) chosen = entry;
    }
    if (!chosen) return 0;
    lent_entry = chosen;
    lent_value = *chosen;
    *chosen = backtracer_off;
    return 1;
}

int shelf_start_restore_environment(void) {
    if (!lent_entry) return 0;
    *lent_entry = lent_value;
    lent_entry = NULL;
    return 1;
}

// ---- The pre-initialiser -------------------------------------------------------------------------
//
// A signal that arrives before `main` installs shelf's handler would meet the Swift runtime's
// crash handler (SIGQUIT: a crash report), which libswiftCore installs from its own initialiser:
// in the dynamic debug build that ran before any initialiser of the executable, so blocking the
// ending signals from a constructor left a window (found by the battery, issue 21 item 12). With
// the backtracer off nothing waits for them before `main`: their default action ends the process,
// leaving nothing behind, as it does until the handler is needed (`Interruption`). So they are
// blocked only where the setting could not be lent (then `main` installs the handler at once):
// two system calls fewer on every run.
static void start(int argc, char **argv, char **envp) {
    start_argc = argc;
    start_argv = argv;
    if (!lend_backtracer_setting(envp)) shelf_block_terminating_signals_at_start();
}

__attribute__((section(".preinit_array"), used)) static void (*const shelf_preinit_entry)(int, char **, char **) = start;
