/// Chooses the files `clear --max-size` removes: the least recently used, until the sizes of the
/// rest add up to the limit. A file's last use is the newer of its access and modification times,
/// as systemd-tmpfiles judges age: a cache entry read every day but never rewritten is not the
/// first to go. (Under `relatime`, Linux's default, a read moves the access time only when it is
/// older than the modification time or a day old; under `noatime` never: there the order falls
/// back to modification times.) Files the other limits remove anyway are left out of the sum.
/// Only regular files count; `CACHEDIR.TAG` and shelf's own files are never chosen nor counted.
enum ClearPlan {
    struct Candidate {
        let path: [UInt8]
        let size: Int64
        /// Its modification time when it was chosen: if it changes before the removal pass
        /// reaches it, the file was written meanwhile and stays.
        let modified: FileTime
        /// The newer of the access and modification times, as (seconds, nanoseconds).
        let lastUse: (Int64, Int64)
    }

    /// The newer of a file's access and modification times.
    static func lastUse(_ st: FileStatus) -> (Int64, Int64) {
        let accessed = (st.accessed.seconds, st.accessed.nanoseconds), modified = (st.modified.seconds, st.modified.nanoseconds)
        return accessed > modified ? accessed : modified
    }

    /// - Parameter prefix: the path of `top` from the namespace folder, ending in `/` (empty for it).
    static func oldestBeyond(_ maxSize: Int64, in top: FileDescriptor, prefix: [UInt8], isRoot: Bool,
                             walk: ClearWalk) throws -> [[UInt8]: FileTime] {
        var candidates: [Candidate] = []
        var keptBytes = Int128(0)
        // Every regular file that the other limits keep, at any depth. The walk only looks: what
        // cannot be read is skipped here, and the removal pass reports it.
        var scout = walk
        _ = scout.walk(top, prefix: prefix, isRoot: isRoot, removing: false) { walk, entry, folder, frame in
            guard let st = try? folder.status(of: entry.name), st.isRegularFile else { return false }
            if frame.kept.contains(entry.name) {
                keptBytes += Int128(st.size)
                return false
            }
            var expires: Int64?
            if walk.options.expiredOnly {
                expires = frame.leftovers.index?.expiry(of: entry.name, st) ?? readExpiry(entry.name, st, in: folder)
            }
            if !walk.selectedByLimits(st, expires: expires) {
                candidates.append(Candidate(path: frame.prefix + entry.name.bytes, size: st.size, modified: st.modified, lastUse: lastUse(st)))
            }
            return false
        }
        // 128 bits: sparse files can each claim almost 8 EiB, and their sum must neither trap nor wrap.
        // Files --keep-newest keeps still take room: they count, but are never chosen.
        var total = candidates.reduce(keptBytes) { $0 + Int128($1.size) }
        guard total > Int128(maxSize) else { return [:] }
        candidates.sort { $0.lastUse != $1.lastUse ? $0.lastUse < $1.lastUse : $0.path.lexicographicallyPrecedes($1.path) }
        var chosen: [[UInt8]: FileTime] = [:]
        for candidate in candidates where total > Int128(maxSize) {
            chosen[candidate.path] = candidate.modified
            total -= Int128(candidate.size)
        }
        return chosen
    }

    private static func readExpiry(_ name: FileName, _ st: FileStatus, in folder: FileDescriptor) -> Int64? {
        guard let file = try? folder.open(name, [.readOnly, .noFollow, .nonBlocking]) else { return nil }
        return file.closeAfter { (try? Expiry.read($0, st, named: name, in: folder, index: .some(nil))) ?? nil }
    }
}
