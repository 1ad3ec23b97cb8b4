/// Advisory whole-file locks (`flock`). The kernel drops them when the holder exits, even by
/// SIGKILL, so a crashed shelf never leaves a lock that blocks the next one.
enum FileLock {
    enum Kind { case shared, exclusive }

    /// Blocks until the lock is held. A file that a `shelf update` running this process holds
    /// (`UpdateLocks`) is refused at once instead: that update waits for this process to end, so
    /// waiting for its lock would never end.
    static func lock(_ fd: FileDescriptor, _ kind: Kind) throws {
        if !UpdateLocks.inherited.isEmpty {
            if try tryLock(fd, kind) { return }
            if try UpdateLocks.inherited.contains(FileIdentity(fd.status())) { throw ShelfError.lockedByUpdate(path: fd.path) }
        }
        // Signals blocked for a few steps (`Interruption.enterBriefly`) would not cut a wait short:
        // a free lock is simply taken; a busy one is waited for with the handler in place.
        if Interruption.isBrief {
            if try tryLock(fd, kind) { return }
            try Interruption.beforeWaiting(fd.path)
        }
        try systemCall(.lock, path: fd.path) { () throws(Errno) in
            try kernel.lock(fd.raw, kind == .shared ? .shared : .exclusive, wait: true)
        }
    }

    /// Lets the lock go, keeping the descriptor open.
    static func unlock(_ fd: FileDescriptor) throws {
        try systemCall(.lock, path: fd.path) { () throws(Errno) in try kernel.lock(fd.raw, .unlock, wait: true) }
    }

    /// Takes the lock only if nobody holds a conflicting one; false when busy.
    static func tryLock(_ fd: FileDescriptor, _ kind: Kind) throws -> Bool {
        do {
            try kernel.lock(fd.raw, kind == .shared ? .shared : .exclusive, wait: false)
            return true
        } catch .wouldBlock {
            return false
        } catch {
            throw ShelfError.system(error, path: fd.path, operation: .lock)
        }
    }
}
