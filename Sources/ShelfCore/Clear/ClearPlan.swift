/// Chooses the files `clear --max-size` removes: the least recently used, until the sizes of the
/// rest add up to the limit. A file's last use is the newer of its access and modification times,
/// as systemd-tmpfiles judges age: a cache entry read every day but never rewritten is not the
/// first to go. (Under `relatime`, Linux's default, a read moves the access time only when it is
/// older than the modification time or a day old; under `noatime` never: there the order falls
/// back to modification times.) Files the other limits remove anyway are left out of the sum.
/// Only regular files count; `CACHEDIR.TAG` and shelf's own files are never chosen nor counted.
enum ClearPlan {
    /// A file's modification time when it was chosen: if it changes before the removal pass
    /// reaches it, the file was written meanwhile and stays.
    struct Stamp: Equatable {
        let seconds: Int64
        let nanoseconds: Int64

        init(_ st: FileStatus) {
            seconds = st.modified.seconds
            nanoseconds = st.modified.nanoseconds
        }

        func matches(_ st: FileStatus) -> Bool { self == Stamp(st) }
    }

    struct Candidate {
        let path: [UInt8]
        let size: Int64
        let stamp: Stamp
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
                             walk: ClearWalk) throws -> [[UInt8]: Stamp] {
        var candidates: [Candidate] = []
        var keptBytes = Int128(0)
        collect(top, prefix: prefix, isRoot: isRoot, walk: walk, into: &candidates, keptBytes: &keptBytes)
        // 128 bits: sparse files can each claim almost 8 EiB, and their sum must neither trap nor wrap.
        // Files --keep-newest keeps still take room: they count, but are never chosen.
        var total = candidates.reduce(keptBytes) { $0 + Int128($1.size) }
        guard total > Int128(maxSize) else { return [:] }
        candidates.sort { $0.lastUse != $1.lastUse ? $0.lastUse < $1.lastUse : $0.path.lexicographicallyPrecedes($1.path) }
        var chosen: [[UInt8]: Stamp] = [:]
        for candidate in candidates where total > Int128(maxSize) {
            chosen[candidate.path] = candidate.stamp
            total -= Int128(candidate.size)
        }
        return chosen
    }

    /// Every regular file below `folder` that the other limits keep. Folders that cannot be read
    /// are skipped here; the removal pass reports them. Any depth (`TreeWalk`).
    private static func collect(_ folder: FileDescriptor, prefix: [UInt8], isRoot: Bool, walk: ClearWalk,
                                into candidates: inout [Candidate], keptBytes: inout Int128) {
        guard let trail = try? FolderTrail(top: folder),
              let first = frame(folder, prefix: prefix, isRoot: isRoot, walk: walk) else { return }
        var tree = TreeWalk(trail, first: first)
        // A folder above moved or replaced meanwhile: the removal pass will find out.
        _ = try? tree.run(visit: { entry, parent, frame in
            guard let st = try? parent.status(of: entry.name) else { return nil }
            if st.isFolder { return entry.name }
            guard st.isRegularFile else { return nil }
            if frame.kept.contains(entry.name) {
                keptBytes += Int128(st.size)
                return nil
            }
            var expires: Int64?
            if walk.options.expiredOnly {
                expires = frame.index?.expiry(of: entry.name, st) ?? readExpiry(entry.name, st, in: parent)
            }
            if !walk.selectedByLimits(st, expires: expires) {
                candidates.append(Candidate(path: frame.prefix + entry.name.bytes, size: st.size, stamp: Stamp(st), lastUse: lastUse(st)))
            }
            return nil
        }, enter: { sub, name, parent in
            frame(sub, prefix: parent.prefix + name.bytes + [UInt8(ascii: "/")], isRoot: false, walk: walk)
        }, cannotEnter: { _, _, _, _ in })
    }

    /// A folder being collected: its data entries not yet visited, its path, its expiry index and
    /// the files `--keep-newest` keeps in it.
    private struct Frame: WalkFrame {
        var entries: ArraySlice<FolderEntry>
        let prefix: [UInt8]
        let index: ExpiryIndex?
        let kept: Set<FileName>
    }

    private static func frame(_ folder: FileDescriptor, prefix: [UInt8], isRoot: Bool, walk: ClearWalk) -> Frame? {
        guard let entries = try? FolderEntries.read(folder) else { return nil }
        let index = walk.options.expiredOnly && entries.contains { $0.name == ExpiryIndex.name }
            ? (try? ExpiryIndex.load(in: folder)) ?? nil : nil
        let kept = walk.options.keepNewest.map { KeepNewest.kept($0, among: entries, in: folder, isRoot: isRoot) } ?? []
        return Frame(entries: entries.filter { ClearWalk.isData($0.name, isRoot: isRoot) }[...], prefix: prefix, index: index,
                     kept: kept)
    }

    private static func readExpiry(_ name: FileName, _ st: FileStatus, in folder: FileDescriptor) -> Int64? {
        guard let file = try? folder.open(name, [.readOnly, .noFollow, .nonBlocking]) else { return nil }
        return file.closeAfter { (try? Expiry.read($0, st, named: name, in: folder, index: .some(nil))) ?? nil }
    }
}
