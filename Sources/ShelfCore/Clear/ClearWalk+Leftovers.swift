/// shelf's own files in a folder being cleared (names starting with `.shelf-`), and libfuse's
/// stand-ins for files removed while open (`FolderEntries.isStandIn`). They are not data,
/// so `clear` never reports them, but it must not strand them either: a folder holding nothing else
/// should go, and files left by a crash should not pile up.
struct Leftovers {
    /// Every `.shelf-` name and libfuse stand-in in the folder.
    let names: [FileName]
    /// Every name in the folder when the clear read it (to tell whose a hashed journal is).
    let entries: [FileName]
    /// The folder's expiry index, when `--expired` needs it.
    var index: ExpiryIndex? = nil

    /// Removes the append journal of `name`, if it has one (on FUSE every file that had an
    /// in-place append keeps one, empty). Only called after `name` itself was removed while its exclusive
    /// lock was held: no append was running, and a record in it has nothing left to roll back.
    func removeJournal(of name: FileName, in folder: FileDescriptor) {
        guard !names.isEmpty else { return }
        FileLocks.removeLockRecords(of: name, among: names, in: folder)
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
    /// - The expiry index and its lock, and a numbered folder's counter, go once the folder holds
    ///   nothing else.
    func tidy(_ leftovers: Leftovers, in folder: FileDescriptor, otherwiseEmpty: Bool) -> Bool {
        var indexFiles: [FileName] = []
        var counter = false
        var allGone = true
        for name in leftovers.names {
            if name == ExpiryIndex.name || name == ExpiryIndex.lockName {
                indexFiles.append(name)
            } else if name == FolderCounter.name {
                counter = true
            } else if FolderEntries.isStandIn(name) {
                // Unlinking one that is still open makes libfuse hide it again under a new name:
                // its holder keeps its data, and the folder simply stays.
                try? folder.remove(name)
            } else if !removeIfStale(name, in: folder, entries: leftovers.entries) {
                allGone = false
            }
        }
        guard allGone && otherwiseEmpty else { return indexFiles.isEmpty && !counter && allGone }
        if counter && (try? folder.remove(FolderCounter.name)) == nil && (try? folder.status(of: FolderCounter.name)) != nil {
            return false
        }
        return indexFiles.isEmpty || removeIndex(indexFiles, in: folder)
    }

    private func removeIfStale(_ name: FileName, in folder: FileDescriptor, entries: [FileName]) -> Bool {
        let st: FileStatus
        do {
            guard let found = try folder.status(of: name) else { return true }
            st = found
        } catch {
            return false
        }
        if name.hasPrefix(TempFile.prefix) { return TempLeftovers.removeIfAbandoned(name, in: folder, now: now) }
        guard st.modified.seconds <= now.subtractingSaturated(ClearWalk.staleAge) else { return false }
        // Only a lock record, and kept while a file it may be the journal of is there.
        guard FileLocks.isLockRecord(name),
              FileLocks.owners(ofLockRecord: name, among: entries).allSatisfy({ dataFileIsGone($0, in: folder) }) else { return false }
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
        guard let lock = try? folder.openForExclusiveLock(ExpiryIndex.lockName, [.readOnly, .noFollow]) else { return removeIndexFiles(names, in: folder) }
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
