import Glibc

/// How many times a lookup that failed with ESTALE is tried again. Linux itself repeats a path
/// walk once, revalidating every step; on GlusterFS an `open` still fails now and then while
/// another host renames over the file (issue 24), and each new try looks the name up afresh, so
/// it finds the file that has the name now (or none, ENOENT, as on a local disk).
let staleHandleTries = 8

/// Runs `call`, a system call that looks a name up, again while it fails with ESTALE, up to
/// `staleHandleTries` times; then the last error stands.
func retryingStaleHandle<R>(_ call: () throws(Errno) -> R) throws(Errno) -> R {
    var tries = 1
    while true {
        do {
            return try call()
        } catch .staleHandle where tries < staleHandleTries {
            tries += 1
        }
    }
}

extension ShelfError {
    /// ESTALE from an operation on a file already open: on GlusterFS (and NFS) the file was
    /// replaced or removed, by another host, since this process opened it.
    var isStaleHandle: Bool {
        if case .io(_, _, let code) = self { return code == ESTALE }
        return false
    }

    var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }
}

/// Runs `body`, which opens a file of `folder` by name and uses it, again while it fails with
/// ESTALE on the file it opened (or `openedFileGone` says it went away), up to `staleHandleTries`
/// times. Only for bodies that have changed nothing and written nothing out yet.
///
/// Before each new try the folder's names are read: with FUSE's entry cache on (GlusterFS's
/// default, one second) the name still leads to the replaced file, and every open would find it
/// again (448 of 600 retrieves failed so, measured); reading a folder from its start gets each
/// name's node afresh (FUSE's READDIRPLUS), and the kernel drops a cached name that now leads
/// to another node. Once a try has met ESTALE, a later one that finds no file is tried again too:
/// the name was there a moment ago, and a lookup in the middle of another host's rename over it
/// may miss it (8 of 300 retrieves on GlusterFS's default caching, measured).
func reopeningStaleHandle<R>(in folder: FileDescriptor, _ body: () throws -> R) throws -> R {
    var tries = 1
    while true {
        do {
            return try body()
        } catch let error as ShelfError where tries < staleHandleTries && (error.isStaleHandle || (tries > 1 && error.isNotFound)) {
            waitForClientCaches(before: tries)
            tries += 1
            _ = try? FolderEntries.read(folder)
        }
    }
}

/// Waits before try `tries + 1` of `reopeningStaleHandle`: 10 ms, then twice as long each time,
/// 1.27 s over the seven waits. GlusterFS's default client caches (about a second) can lead every
/// try made at once back to the replaced file: 1 or 2 retrieves or `exists` in 450 failed with
/// ESTALE after eight tries without waiting, in two runs of `make check-shared-fs` of four. Only
/// a try after a failure waits; a first open never does.
func waitForClientCaches(before tries: Int) {
    var wait = timespec(tv_sec: 0, tv_nsec: 10_000_000 << min(tries - 1, 6))
    var left = timespec()
    while nanosleep(&wait, &left) == -1 && lastErrno() == .interrupted { wait = left }
}

/// Runs `body`, which uses `file`, already open, and looks no name up: a "not found" naming the
/// file itself can then only mean that the file went away under the descriptor, and is thrown as
/// ESTALE, which `reopeningStaleHandle` tries again. GlusterFS answers so: with its default
/// caching, `flock` on a file another host has just renamed over fails with ENOENT, not ESTALE
/// (5 of 300 retrieves while the other host saved, measured; on a local disk the lock is taken
/// and the old file read, a snapshot as good as any). A name looked up afresh then leads to the
/// new file, or to none: a real "not found", answered after the tries (issue 24).
func openedFileGone<R>(_ file: FileDescriptor, _ body: () throws -> R) throws -> R {
    do {
        return try body()
    } catch ShelfError.notFound(let path) where path == file.path {
        throw ShelfError.io(path: path, operation: SystemOperation.read.text, errno: ESTALE)
    }
}
