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

static void on_signal(int sig) {
    if (pending == 0) pending = sig;
    if (depth == 0) die(sig);
}

// One `sigaction` per signal sets the handler and returns the old action; only a signal the parent
// ignored (`nohup`, a shell's `trap '' PIPE`) takes a second, which puts SIG_IGN back. Asking
// first and setting after cost two calls for every signal: 22 of a short command's system calls.
// That is safe only while the ending signals are blocked (from the start, in the executable): one
// that arrives between the two calls stays pending, and setting SIG_IGN discards it, as if the
// handler had never been set. Unblocked, each signal is asked first and set only if not ignored.
void shelf_install_signal_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    fill_terminating(&action.sa_mask);
    action.sa_flags = 0;
    for (int i = 0; i < count; i++) {
        struct sigaction old;
        if (!blocked_at_start) {
            if (sigaction(terminating[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN) sigaction(terminating[i], &action, NULL);
            continue;
        }
        if (sigaction(terminating[i], &action, &old) == 0 && old.sa_handler == SIG_IGN) sigaction(terminating[i], &old, NULL);
    }
    if (blocked_at_start) {
        blocked_at_start = 0;
        sigprocmask(SIG_SETMASK, &mask_at_start, NULL);
    }
}

int shelf_pending_signal(void) { return pending; }

void shelf_defer_signals(void) { depth = depth + 1; }

void shelf_allow_signals(void) {
    if (depth > 0) depth = depth - 1;
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
