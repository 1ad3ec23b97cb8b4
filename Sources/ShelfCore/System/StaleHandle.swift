import Glibc

extension Errno {
    /// ESTALE: the file system's handle for a name went stale, as on NFS and GlusterFS when
    /// another host renames over or removes the file in the moment of the lookup.
    package static let staleHandle = Errno(rawValue: ESTALE)
}

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
