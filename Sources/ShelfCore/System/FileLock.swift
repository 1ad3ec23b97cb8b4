import Glibc

/// Advisory whole-file locks (`flock`). The kernel drops them when the holder exits, even by
/// SIGKILL, so a crashed shelf never leaves a lock that blocks the next one.
package enum FileLock {
    package enum Kind { case shared, exclusive }

    /// Blocks until the lock is held.
    package static func lock(_ fd: FileDescriptor, _ kind: Kind) throws {
        let op = kind == .shared ? LOCK_SH : LOCK_EX
        if retryingEINTR({ flock(fd.raw, op) }) != 0 {
            throw ShelfError.lastError(path: fd.path, operation: "lock")
        }
    }

    /// Takes the lock only if nobody holds a conflicting one; false when busy.
    static func tryLock(_ fd: FileDescriptor, _ kind: Kind) throws -> Bool {
        let op = (kind == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        if retryingEINTR({ flock(fd.raw, op) }) == 0 { return true }
        if errno == EWOULDBLOCK { return false }
        throw ShelfError.lastError(path: fd.path, operation: "lock")
    }

    static func unlock(_ fd: FileDescriptor) {
        _ = flock(fd.raw, LOCK_UN)
    }
}
