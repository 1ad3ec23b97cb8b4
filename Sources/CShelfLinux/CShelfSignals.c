// The signal handler (see include/CShelfSignals.h). Only async-signal-safe calls here: sigaction,
// sigprocmask, raise, _exit, and plain stores and loads of sig_atomic_t.
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "CShelfSignals.h"

static volatile sig_atomic_t pending = 0;
static volatile sig_atomic_t depth = 0;

static const int terminating[] = {SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2,
                                  SIGXCPU, SIGVTALRM, SIGPROF};
static const int count = sizeof terminating / sizeof terminating[0];

static void fill_terminating(sigset_t *set) {
    sigemptyset(set);
    for (int i = 0; i < count; i++) sigaddset(set, terminating[i]);
}

static sigset_t mask_at_start;
static volatile sig_atomic_t blocked_at_start = 0;
// The handler is in place; or (`armed`) the executable lets `shelf_defer_signals` put it in place.
static volatile sig_atomic_t installed = 0;
static volatile sig_atomic_t armed = 0;

void shelf_block_terminating_signals_at_start(void) {
    sigset_t set;
    fill_terminating(&set);
    if (sigprocmask(SIG_BLOCK, &set, &mask_at_start) == 0) blocked_at_start = 1;
}

/// Ends the process by `sig` with its default action, so that the exit status says which signal.
static void die(int sig) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    _exit(128 + sig);
}

// The signal whose handler is being put in place (see `shelf_install_signal_handlers`), and
// whether it came meanwhile.
static volatile sig_atomic_t installing = 0;
static volatile sig_atomic_t came_while_installing = 0;

static void on_signal(int sig) {
    if (sig == installing) {
        came_while_installing = 1;
        return;
    }
    if (pending == 0) pending = sig;
    if (depth == 0) die(sig);
}

// One `sigaction` per signal sets the handler and returns the old action; only a signal the parent
// ignored (`nohup`, a shell's `trap '' PIPE`) takes a second, which puts SIG_IGN back. Asking
// first and setting after cost two calls for every signal: 22 of a short command's system calls.
// A signal that arrives between the two calls must not be handled as if the handler had been
// asked for: the parent may have ignored it. Blocking the signals around the installation (two
// more calls) would keep it pending, and setting SIG_IGN would then discard it; instead the
// handler, seeing the very signal being installed, only notes that it came, and the installation
// decides once the old action is known: ignored, it is dropped; else it is handled now, as the
// default action would have handled it. Signals blocked from the start (where the runtime's
// crash handler may be waiting for them) are let through after.
void shelf_install_signal_handlers(void) {
    if (installed) return;
    installed = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    fill_terminating(&action.sa_mask);
    action.sa_flags = 0;
    for (int i = 0; i < count; i++) {
        struct sigaction old;
        came_while_installing = 0;
        installing = terminating[i];
        int set = sigaction(terminating[i], &action, &old) == 0;
        int ignored = set && old.sa_handler == SIG_IGN;
        if (ignored) sigaction(terminating[i], &old, NULL);
        installing = 0;
        if (set && !ignored && came_while_installing) on_signal(terminating[i]);
    }
    if (blocked_at_start) {
        blocked_at_start = 0;
        pthread_sigmask(SIG_SETMASK, &mask_at_start, NULL);
    }
}

// Until a named temporary entry exists the handler only does what the default action does (ends
// the process by the signal), so a command that makes none needs no handler: eleven `sigaction`s
// saved (a retrieve, a save of a new file, an append). The signals blocked at start are let
// through now; `shelf_defer_signals` installs the handler before the first such entry is made.
void shelf_arm_signal_handlers(void) {
    armed = 1;
    if (blocked_at_start) {
        blocked_at_start = 0;
        sigprocmask(SIG_SETMASK, &mask_at_start, NULL);
    }
}

int shelf_pending_signal(void) { return pending; }

// A brief deferral (`shelf_defer_signals_briefly`) is under way: the ending signals are blocked
// and no handler is installed; the mask to put back when it ends.
static volatile sig_atomic_t brief = 0;
static sigset_t mask_before_brief;

void shelf_defer_signals_briefly(void) {
    if (armed && !installed && depth == 0) {
        sigset_t set;
        fill_terminating(&set);
        if (pthread_sigmask(SIG_BLOCK, &set, &mask_before_brief) == 0) {
            brief = 1;
            depth = 1;
            return;
        }
    }
    shelf_defer_signals();
}

int shelf_deferring_briefly(void) { return brief; }

int shelf_signal_came(void) {
    if (brief && pending == 0) {
        sigset_t set;
        if (sigpending(&set) != 0) return pending;
        for (int i = 0; i < count; i++) {
            if (!sigismember(&set, terminating[i])) continue;
            // Blocked, a signal the parent ignored is kept pending too; it is no reason to undo.
            struct sigaction old;
            if (sigaction(terminating[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
            pending = terminating[i];
            break;
        }
    }
    return pending;
}

void shelf_signals_before_waiting(void) {
    if (!brief) return;
    brief = 0;
    // The handler goes in while the signals are still blocked and the work is counted as deferring;
    // the mask put back then hands it whatever came meanwhile, which it records (see
    // `shelf_defer_signals`). A signal the parent ignored is discarded as its SIG_IGN is put back.
    mask_at_start = mask_before_brief;
    blocked_at_start = 1;
    shelf_install_signal_handlers();
}

void shelf_defer_signals(void) {
    if (brief) {
        shelf_signals_before_waiting();
        depth = depth + 1;
        return;
    }
    if (armed && !installed) {
        // Counted as deferring while the signals are still blocked, before the handler goes in and
        // they are let through: a signal that came during the installation is then recorded and
        // acted on at the end of the work, as the handler installed at start would have done
        // (delivered with the depth still 0, it ended shelf with an append's journal in place).
        sigset_t set;
        fill_terminating(&set);
        if (pthread_sigmask(SIG_BLOCK, &set, &mask_at_start) == 0) blocked_at_start = 1;
        depth = depth + 1;
        shelf_install_signal_handlers();
        return;
    }
    depth = depth + 1;
}

void shelf_allow_signals(void) {
    if (depth > 0) depth = depth - 1;
    if (depth == 0 && brief) {
        brief = 0;
        if (pending != 0) die(pending);
        // A signal that came after the last check ends the process here, by its default action
        // (the work is complete), as the handler would have ended it now; one ignored is dropped.
        pthread_sigmask(SIG_SETMASK, &mask_before_brief, NULL);
        return;
    }
    if (depth == 0 && pending != 0) die(pending);
}

int shelf_create_thread_without_signals(pthread_t *thread, void *(*start)(void *), void *argument) {
    sigset_t blocked, old;
    fill_terminating(&blocked);
    pthread_sigmask(SIG_BLOCK, &blocked, &old);
    int status = pthread_create(thread, NULL, start, argument);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return status;
}
