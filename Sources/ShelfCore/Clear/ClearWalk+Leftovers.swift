/// shelf's own files in a folder being cleared (names starting with `.shelf-`). They are not data,
/// so `clear` never reports them, but it must not strand them either: a folder holding nothing else
/// should go, and files left by a crash should not pile up.
struct Leftovers {
    /// Every `.shelf-` name in the folder.
    let names: [FileName]
    /// The folder's expiry index, when `--expired` needs it.
    var index: ExpiryIndex?

    init(names: [FileName]) {
        self.names = names
    }

    /// Removes the append journal of `name`, if there is one (every file that had an in-place
    /// append keeps one, empty). Only called after `name` itself was removed while its exclusive
    /// lock was held: no append was running, and a record in it has nothing left to roll back.
    func removeJournal(of name: FileName, in folder: FileDescriptor) {
        guard !names.isEmpty else { return }
        let journal = JournalFile.name(for: name)
        if names.contains(journal) { try? folder.remove(journal) }
    }
}

extension ClearWalk {
    /// A journal left by an interrupted append this long ago, whose file is gone, belongs to no
    /// running process. (Also the age after which a temporary entry goes where locks do not work.)
    static let staleAge: Int64 = 86_400

    /// Removes what is safe to remove among shelf's own files; returns whether none is left.
    /// - Temporary entries (`.shelf-tmp-`) go once provably abandoned (`removeTempIfAbandoned`):
    ///   what a killed save, copy, move or append left; a live writer's stay.
    /// - A journal whose data file is gone, a day old, goes; one beside its file stays: the next
    ///   reader rolls the file back with it.
    /// - The expiry index and its lock go once the folder holds nothing else.
    func tidy(_ leftovers: Leftovers, in folder: FileDescriptor, otherwiseEmpty: Bool) -> Bool {
        var indexFiles: [FileName] = []
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

    private func removeIfStale(_ name: FileName, in folder: FileDescriptor) -> Bool {
        let st: FileStatus
        do {
            guard let found = try folder.status(of: name) else { return true }
            st = found
        } catch {
            return false
        }
        if name.hasPrefix(TempFile.prefix) { return TempLeftovers.removeIfAbandoned(name, in: folder, now: now) }
        guard st.modified.seconds <= now - ClearWalk.staleAge else { return false }
        if name.hasPrefix(JournalFile.namePrefix) {
            // A hashed name (for a long file name) cannot be traced to its file: keep it.
            guard let dataName = FileName(bytes: Array(name.bytes.dropFirst(JournalFile.namePrefix.utf8.count))),
                  !dataName.hasPrefix("#"), dataFileIsGone(dataName, in: folder) else { return false }
        } else {
            return false
        }
        return (try? TreeRemover.remove(name, in: folder, path: folder.path(for: name))) != nil
    }

    private func dataFileIsGone(_ name: FileName, in folder: FileDescriptor) -> Bool {
        do {
            return try folder.status(of: name) == nil
        } catch {
            return false
        }
    }

    /// Removes the expiry index and its lock, unless an update holds the lock right now.
    private func removeIndex(_ names: [FileName], in folder: FileDescriptor) -> Bool {
        guard let lock = try? folder.open(ExpiryIndex.lockName, [.readOnly, .noFollow]) else { return removeIndexFiles(names, in: folder) }
        return lock.closeAfter { lock in
            guard (try? FileLock.tryLock(lock, .exclusive)) == true else { return false }
            return removeIndexFiles(names, in: folder)
        }
    }

    private func removeIndexFiles(_ names: [FileName], in folder: FileDescriptor) -> Bool {
        for name in [ExpiryIndex.name, ExpiryIndex.lockName] where names.contains(name) {
            do {
                try kernel.remove(SystemString(name), in: folder.raw, isFolder: false)
            } catch .noSuchFile {
                continue
            } catch {
                return false
            }
        }
        return true
    }
}
