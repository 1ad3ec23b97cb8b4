// The signal handler, in C because a handler may only make async-signal-safe calls, which Swift
// code cannot promise (a retain, an allocation). See Interruption.swift for how shelf uses it.
#ifndef CSHELFSIGNALS_H
#define CSHELFSIGNALS_H

#include <pthread.h>

/// Installs the handler for every signal whose default action ends the process (HUP, INT, QUIT,
/// PIPE, ALRM, TERM, USR1, USR2, XCPU, VTALRM, PROF), except those ignored when shelf started
/// (nohup, a background job), which stay ignored. It replaces the Swift runtime's backtracer on
/// SIGQUIT. Without SA_RESTART, so that a call blocked in the kernel returns EINTR. Once only;
/// a signal that comes while its own handler is being put in place is handled once the old
/// action is known (dropped where it was ignored), so the signals need no blocking meanwhile.
void shelf_install_signal_handlers(void);

/// Blocks the ending signals until `shelf_arm_signal_handlers` (or the handler's installation)
/// restores the mask found here: a signal that arrives meanwhile is handled as any other
/// instead of meeting the Swift runtime's crash handler or ending the process unannounced. Called
/// by the command line's pre-initialiser only (CShelfStart), before any library's initialiser, and
/// only where the backtracer could not be turned off (then the handler is installed at once).
void shelf_block_terminating_signals_at_start(void);

/// The executable's start: unblocks the ending signals at once (until a named temporary entry
/// exists, their default action is what the handler would do) and lets `shelf_defer_signals`
/// install the handler before the first such entry is made.
void shelf_arm_signal_handlers(void);

/// The first terminating signal received, or 0.
int shelf_pending_signal(void);

/// Enters work that a signal must not cut short (a named temporary entry exists): the handler then
/// only records the signal. Nested entries count. After `shelf_arm_signal_handlers`, installs the
/// handler first if it is not yet in place.
void shelf_defer_signals(void);

/// Enters work that ends in a few steps, none of which waits for anything but the disk (a finished
/// temporary file named and renamed over the file it replaces): while the handler is not yet in
/// place, the ending signals are only blocked (one call, where installing the handler takes eleven
/// and more), and `shelf_signal_came` asks the kernel whether one is pending. A step that may wait
/// (for a lock) calls `shelf_signals_before_waiting` first. Otherwise as `shelf_defer_signals`.
void shelf_defer_signals_briefly(void);

/// Whether a brief deferral is under way (the signals blocked, no handler yet).
int shelf_deferring_briefly(void);

/// The first terminating signal received, or 0; in a brief deferral, also one pending while blocked
/// (and not ignored by the parent): from then on it counts as received.
int shelf_signal_came(void);

/// In a brief deferral, before a step that may wait: the handler is installed (a signal that came
/// meanwhile recorded by it) and the signals let through, so that one interrupts the wait.
void shelf_signals_before_waiting(void);

/// Leaves such work; when the outermost one ends and a signal came meanwhile, the process ends
/// by that signal now, with its default action.
void shelf_allow_signals(void);

/// pthread_create with the terminating signals blocked in the new thread, so that they always
/// reach the thread doing the work (and interrupt its blocking calls).
int shelf_create_thread_without_signals(pthread_t *thread, void *(*start)(void *), void *argument);

#endif
