/// A clear of everything removes a folder's files in one loop as soon as the folder is read,
/// before the tree walk visits what is left (its sub-folders, and the few files the loop leaves).
extension ClearWalk {
    /// Removes, in listing order (inode order), every file and link of `entries` that the lock
    /// snapshot and the listing alone decide (`LockCheck.listing`): the same removal, skip and
    /// report as `clearUnlessLocked`, without the walk's step for each entry. That step (a closure
    /// for each entry, the frame's slice and its references moved in and out) cost a clear of
    /// 100,000 files in one folder twice `rm -rf`'s user time; the kernel's share is the same.
    /// Files met before the lock snapshot arrives have their own lock tried, as the walk would
    /// (`LockCheck.eachFile`). What the loop does not judge stays in `entries` for the walk:
    /// folders, entries of unknown kind, `CACHEDIR.TAG` at the top, and every file of a folder
    /// whose check turns out not to be `.listing` (a `stat` wanted, another file system).
    /// - Parameter outcome: the folder's, updated for each entry the loop judged.
    mutating func clearListedFiles(_ entries: inout [FolderEntry], in folder: FileDescriptor, prefix: [UInt8], isRoot: Bool,
                                   leftovers: Leftovers, outcome: inout Outcome) {
        // Only a clear of everything has a snapshot coming; with limits each file is opened anyway.
        guard options.removesEverything, !options.dryRun, !options.countsFreedBytes, heldLocks != nil || pendingLocks != nil else { return }
        var left: [FolderEntry] = []
        var device: UInt64?
        for (index, entry) in entries.enumerated() {
            if device == nil, hasHeldLocks() {
                // Asked once: a folder keeps its device, and its check is the same for every file.
                guard case .listing(let listed) = lockCheck(folder) else {
                    left.append(contentsOf: entries[index...])
                    break
                }
                device = listed
            }
            guard entry.kind != .folder, entry.kind != .unknown, !(isRoot && entry.name == CacheTag.name) else {
                left.append(entry)
                continue
            }
            let path = EntryPath(prefix: prefix, name: entry.name)
            let gone = if let device, let heldLocks {
                clearUnlessLocked(entry, in: folder, path: path, heldLocks: heldLocks, check: .listing(device: device), leftovers: leftovers)
            } else {
                clearFile(entry, in: folder, path: path, leftovers: leftovers, check: .eachFile)
            }
            if gone {
                outcome.removedHere()
            } else {
                outcome.empty = false
            }
        }
        entries = left
    }
}
