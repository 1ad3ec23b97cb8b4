import CShelfLinux
import Glibc

/// Signals that end shelf (Ctrl-C, Ctrl-\, `kill`, a closed pipe, a hang-up) and the work they
/// must not cut short. The executable installs one handler, written in C (a handler may only make
/// async-signal-safe calls), before its first named temporary entry (`installHandlers`).
/// While no named temporary entry exists the handler (or, before it is installed, the signal's
/// default action) ends the process at once, which leaves nothing behind: unnamed temporary files
/// vanish with their descriptor, locks go with the process, an append cut in the middle is rolled
/// back by its journal on the next access.
///
/// While one does exist (`deferring`, `enter`/`leave`: a named temp file, a copied tree being
/// built, a move between its copy and the removal of its source), the handler only records the
/// signal. Calls blocked in the kernel return EINTR, which is then not retried (see
/// `valueOrErrno`); loops and every commit point call `check`, which throws; the error path
/// removes the temporary entry; and when the outermost such work ends, the process ends by the
/// signal after all, so the exit status still says which. A save whose input was cut by the
/// signal thus never replaces the file: the commit point sees the signal first.
///
/// The last steps of a replace (a finished temp file named, then renamed over its target:
/// `AtomicReplace.commit`) wait for nothing but the disk and a lock: there the signals are deferred
/// by blocking them (`enterBriefly`, one call) rather than by installing the handler (eleven
/// `sigaction`s and two more), with the same outcome: one that came before the commit point
/// undoes the replace (`check` asks the kernel), one after it ends the process once the replace is
/// done. A wait for another process's lock puts the handler in place first (`beforeWaiting`), so
/// that a signal still cuts the wait short.
///
/// Found by testing from outside (issue 12 item 6): SIGQUIT reached the Swift runtime's
/// backtracer, which printed a crash report and let a save with a cut input complete; SIGINT,
/// SIGTERM and SIGHUP during a copy left a named partial copy behind.
///
/// The library never installs the handler: in a program of its own, `check` never throws.
package enum Interruption {
    /// The executable's first act: the handler is installed when the first named temporary entry
    /// is about to be made (`enter`); until then the signals' default action does what it would
    /// do (ends the process, leaving nothing behind). Eleven `sigaction`s saved by every command
    /// that makes no such entry. `atOnce`: installed now, where the Swift runtime's crash handler
    /// may be waiting for the signals (a SWIFT_BACKTRACE of the user's own).
    package static func installHandlers(atOnce: Bool) {
        if atOnce { shelf_install_signal_handlers() } else { shelf_arm_signal_handlers() }
    }

    /// Throws once a terminating signal has come: what is under way must be undone, not finished.
    /// In a brief deferral (`enterBriefly`) the kernel is asked whether one is pending (one call).
    package static func check(_ path: String = "") throws {
        if shelf_signal_came() != 0 {
            throw ShelfError.io(path: path, operation: "finish before the signal", errno: Errno.interrupted.rawValue)
        }
    }

    /// Runs `body` with the effect of a signal deferred until it returns or throws (see above).
    static func deferring<R>(_ body: () throws -> R) rethrows -> R {
        enter()
        defer { leave() }
        return try body()
    }

    /// Enters deferred work; every `enter` needs one `leave`.
    static func enter() {
        shelf_defer_signals()
    }

    /// Enters deferred work that ends in a few steps waiting for nothing but the disk and
    /// `FileLock` (a finished temp file named, then renamed over its target): until the handler is
    /// needed, the signals are blocked instead of handled (one `rt_sigprocmask` where the handler
    /// takes eleven `rt_sigaction`s and two more), and `check` asks whether one is pending. So a
    /// signal that comes before the commit point undoes the work, one after it ends the process
    /// once the work is done, as with the handler. A step that may wait calls `beforeWaiting`.
    static func enterBriefly() {
        shelf_defer_signals_briefly()
    }

    /// Whether a brief deferral is under way (signals blocked, no handler yet).
    static var isBrief: Bool { shelf_deferring_briefly() != 0 }

    /// Before a wait in a brief deferral (for another process's lock): the handler goes in, so
    /// that a signal interrupts the wait; one that came already throws here.
    static func beforeWaiting(_ path: String) throws {
        shelf_signals_before_waiting()
        try check(path)
    }

    /// Leaves deferred work; ends the process if a signal came and this was the outermost.
    static func leave() {
        shelf_allow_signals()
    }

    /// Starts a thread that never receives the terminating signals, so that they reach the thread
    /// doing the work and interrupt its blocking calls.
    static func startThread(_ start: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?,
                                     _ argument: UnsafeMutableRawPointer) -> pthread_t? {
        var thread = pthread_t()
        return shelf_create_thread_without_signals(&thread, start, argument) == 0 ? thread : nil
    }
}
