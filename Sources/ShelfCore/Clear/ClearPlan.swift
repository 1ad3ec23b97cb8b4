/// Chooses the files `clear --max-size` removes: the least recently modified, until the sizes of
/// the rest add up to the limit. Files the other limits remove anyway are left out of the sum.
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
    }

    static func oldestBeyond(_ maxSize: Int64, in root: FileDescriptor, walk: ClearWalk) throws -> [[UInt8]: Stamp] {
        var candidates: [Candidate] = []
        collect(root, prefix: [], isRoot: true, walk: walk, into: &candidates)
        // 128 bits: sparse files can each claim almost 8 EiB, and their sum must neither trap nor wrap.
        var total = candidates.reduce(Int128(0)) { $0 + Int128($1.size) }
        guard total > Int128(maxSize) else { return [:] }
        candidates.sort {
            ($0.stamp.seconds, $0.stamp.nanoseconds) != ($1.stamp.seconds, $1.stamp.nanoseconds)
                ? ($0.stamp.seconds, $0.stamp.nanoseconds) < ($1.stamp.seconds, $1.stamp.nanoseconds)
                : $0.path.lexicographicallyPrecedes($1.path)
        }
        var chosen: [[UInt8]: Stamp] = [:]
        for candidate in candidates where total > Int128(maxSize) {
            chosen[candidate.path] = candidate.stamp
            total -= Int128(candidate.size)
        }
        return chosen
    }

    /// Every regular file below `folder` that the other limits keep. Folders that cannot be read
    /// are skipped here; the removal pass reports them. Any depth: the folders still to finish are
    /// kept in an array, their descriptors in a `FolderTrail`.
    private static func collect(_ folder: FileDescriptor, prefix: [UInt8], isRoot: Bool, walk: ClearWalk,
                                into candidates: inout [Candidate]) {
        guard let trail = try? FolderTrail(top: folder), let first = frame(folder, prefix: prefix, walk: walk) else { return }
        var frames = [first]
        while !frames.isEmpty {
            let last = frames.count - 1
            guard let entry = frames[last].entries.popFirst() else {
                frames.removeLast()
                // A folder above moved or replaced meanwhile: the removal pass will find out.
                if !frames.isEmpty && (try? trail.leave()) == nil { return }
                continue
            }
            if isRoot && frames.count == 1 && entry.name == CacheTag.name { continue }
            guard let parent = try? trail.current() else { return }
            let path = frames[last].prefix + entry.name.bytes
            guard let st = try? parent.status(of: entry.name) else { continue }
            if st.isFolder {
                guard let sub = try? trail.enter(entry.name) else { continue }
                if let inner = frame(sub, prefix: path + [UInt8(ascii: "/")], walk: walk) {
                    frames.append(inner)
                } else if (try? trail.leave()) == nil {
                    return
                }
                continue
            }
            guard st.isRegularFile else { continue }
            var expires: Int64?
            if walk.options.expiredOnly {
                expires = frames[last].index?.expiry(of: entry.name, st) ?? readExpiry(entry.name, st, in: parent)
            }
            if walk.selectedByLimits(st, expires: expires) { continue }
            candidates.append(Candidate(path: path, size: st.size, stamp: Stamp(st)))
        }
    }

    /// A folder being collected: its entries not yet visited, its path and its expiry index.
    private struct Frame {
        var entries: ArraySlice<FolderEntry>
        let prefix: [UInt8]
        let index: ExpiryIndex?
    }

    private static func frame(_ folder: FileDescriptor, prefix: [UInt8], walk: ClearWalk) -> Frame? {
        guard let entries = try? FolderEntries.read(folder) else { return nil }
        let index = walk.options.expiredOnly && entries.contains { $0.name == ExpiryIndex.name }
            ? (try? ExpiryIndex.load(in: folder)) ?? nil : nil
        return Frame(entries: entries.filter { !FolderEntries.isInternal($0.name) }[...], prefix: prefix, index: index)
    }

    private static func readExpiry(_ name: FileName, _ st: FileStatus, in folder: FileDescriptor) -> Int64? {
        guard let file = try? folder.open(name, [.readOnly, .noFollow, .nonBlocking]) else { return nil }
        return file.closeAfter { (try? Expiry.read($0, st, named: name, in: folder, index: .some(nil))) ?? nil }
    }
}
