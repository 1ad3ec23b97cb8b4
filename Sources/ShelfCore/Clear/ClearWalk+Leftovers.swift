import Glibc

/// shelf's own files in a folder being cleared (names starting with `.shelf-`). They are not data,
/// so `clear` never reports them, but it must not strand them either: a folder holding nothing else
/// should go, and files left by a crash should not pile up.
struct Leftovers {
    /// Every `.shelf-` name in the folder.
    let names: [String]
    /// The folder's expiry index, when `--expired` needs it.
    var index: ExpiryIndex?

    init(names: [String]) {
        self.names = names
    }

    /// Removes the append journal of `name`, if there is one (every file that had an in-place
    /// append keeps one, empty). Only called after `name` itself was removed while its exclusive
    /// lock was held: no append was running, and a record in it has nothing left to roll back.
    func removeJournal(of name: String, in folder: FileDescriptor) {
        guard !names.isEmpty else { return }
        let journal = JournalFile.name(for: name)
        if names.contains(journal) { unlinkat(folder.raw, journal, 0) }
    }
}

extension ClearWalk {
    /// Files left by an interrupted save or append this long ago belong to no running process.
    static let staleAge: Int64 = 86_400

    /// Removes what is safe to remove among shelf's own files; returns whether none is left.
    /// - Temp files (`.shelf-tmp-`) of a save in progress stay; crash leftovers a day old go.
    /// - A journal whose data file is gone, a day old, goes; one beside its file stays: the next
    ///   reader rolls the file back with it.
    /// - The expiry index and its lock go once the folder holds nothing else.
    func tidy(_ leftovers: Leftovers, in folder: FileDescriptor, otherwiseEmpty: Bool) -> Bool {
        var indexFiles: [String] = []
        var allGone = true
        for name in leftovers.names {
            if name == ExpiryIndex.name || name == ExpiryIndex.lockName {
                indexFiles.append(name)
            } else if !removeIfStale(name, in: folder) {
                allGone = false
            }
        }
        guard !indexFiles.isEmpty else { return allGone }
        guard allGone && otherwiseEmpty else { return false }
        return removeIndex(indexFiles, in: folder)
    }

    private func removeIfStale(_ name: String, in folder: FileDescriptor) -> Bool {
        var st = stat()
        if fstatat(folder.raw, name, &st, AT_SYMLINK_NOFOLLOW) != 0 { return errno == ENOENT }
        guard Int64(st.st_mtim.tv_sec) <= now - ClearWalk.staleAge else { return false }
        if name.hasPrefix(JournalFile.namePrefix) {
            let dataName = String(name.dropFirst(JournalFile.namePrefix.count))
            var data = stat()
            // A hashed name (for a long file name) cannot be traced to its file: keep it.
            guard !dataName.hasPrefix("#"), fstatat(folder.raw, dataName, &data, AT_SYMLINK_NOFOLLOW) != 0,
                  errno == ENOENT else { return false }
        } else if !name.hasPrefix(AtomicFile.tempPrefix) {
            return false
        }
        return (try? TreeRemover.remove(name, in: folder, path: folder.path + "/" + name)) != nil
    }

    /// Removes the expiry index and its lock, unless an update holds the lock right now.
    private func removeIndex(_ names: [String], in folder: FileDescriptor) -> Bool {
        let lockPath = folder.path + "/" + ExpiryIndex.lockName
        let fd = retryingEINTR { openat(folder.raw, ExpiryIndex.lockName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        let lock = fd >= 0 ? FileDescriptor(raw: fd, path: lockPath) : nil
        defer { lock?.close() }
        if let lock, (try? FileLock.tryLock(lock, .exclusive)) != true { return false }
        for name in [ExpiryIndex.name, ExpiryIndex.lockName] where names.contains(name) {
            if unlinkat(folder.raw, name, 0) != 0 && errno != ENOENT { return false }
        }
        return true
    }
}
