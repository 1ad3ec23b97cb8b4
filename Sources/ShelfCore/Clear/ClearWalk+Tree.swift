/// The walk of `clear` through a tree of any depth (`TreeWalk`), and of `ClearPlan` before it.
extension ClearWalk {
    /// One folder being cleared.
    struct Frame: WalkFrame {
        /// Its data entries not yet visited, in inode order.
        var entries: ArraySlice<FolderEntry>
        var leftovers: Leftovers
        var outcome = Outcome()
        /// The files `--keep-newest` keeps in it.
        let kept: Set<FileName>
        /// Its path from the namespace folder, ending in `/` (empty at the top).
        let prefix: [UInt8]
        /// Whether it is the namespace folder, whose `CACHEDIR.TAG` stays.
        let isRoot: Bool
        /// How its files are checked for locks (`lockCheck`).
        var check: LockCheck
        /// Whether `check` stays: false while the lock snapshot is still being read.
        var checkIsFinal: Bool
    }

    /// Clears `folder` and everything below it; returns what became of its contents.
    /// - Parameter prefix: the folder's path from the namespace folder, ending in `/` (empty at the top).
    mutating func clear(_ folder: FileDescriptor, prefix: [UInt8], isRoot: Bool) -> Outcome {
        walk(folder, prefix: prefix, isRoot: isRoot) { walk, entry, parent, frame in
            if !frame.checkIsFinal && walk.hasHeldLocks() {
                frame.check = walk.lockCheck(parent)
                frame.checkIsFinal = true
            }
            return (frame.kept.isEmpty || !frame.kept.contains(entry.name))
                && walk.clearFile(entry, in: parent, path: EntryPath(prefix: frame.prefix, name: entry.name),
                                  leftovers: frame.leftovers, check: frame.check)
        }
    }

    /// Walks `folder` and everything below it, giving `file` each file and link (those
    /// `--keep-newest` keeps too), which returns whether it is gone. With `removing`, each folder
    /// is then tidied, and removed if the clear emptied it, else its removals made durable;
    /// without, the walk only looks (`ClearPlan`). With `removing`, a clear of everything has
    /// removed most files of each folder when it is read (`clearListedFiles`, which does what
    /// `clearFile` would): `file` gets the rest. Returns what became of `folder`'s contents.
    mutating func walk(_ folder: FileDescriptor, prefix: [UInt8], isRoot: Bool, removing: Bool = true,
                       file: (inout ClearWalk, FolderEntry, FileDescriptor, inout Frame) -> Bool) -> Outcome {
        let trail: FolderTrail
        do {
            trail = try FolderTrail(top: folder)
        } catch {
            fail(prefix, error)
            return Outcome(empty: false)
        }
        guard let first = frame(folder, prefix: prefix, isRoot: isRoot, removing: removing) else { return Outcome(empty: false) }
        var tree = TreeWalk(trail, first: first)
        var cleared = Outcome(empty: false)
        do {
            try tree.run(visit: { entry, parent, frame in
                if frame.isRoot && entry.name == CacheTag.name {
                    frame.outcome.empty = false
                    return nil
                }
                // A kept file is `file`'s to judge, even if a folder stands there by now.
                if frame.kept.isEmpty || !frame.kept.contains(entry.name), (try? Store.isFolder(entry, in: parent)) == true { return entry.name }
                if file(&self, entry, parent, &frame) { frame.outcome.removedHere() } else { frame.outcome.empty = false }
                return nil
            }, enter: { sub, name, parent in
                let inner = frame(sub, prefix: parent.prefix + name.bytes + [ClearWalk.slash], isRoot: false, removing: removing)
                if inner == nil { parent.outcome.empty = false }
                return inner
            }, cannotEnter: { name, error, parent, frame in
                switch error {
                case ShelfError.symbolicLink, ShelfError.notAFolder:
                    // Replaced by a link or a file since the folder was read: judged as such.
                    let gone = file(&self, FolderEntry(name: name, kind: .unknown), parent, &frame)
                    if gone { frame.outcome.removedHere() } else { frame.outcome.empty = false }
                default:
                    fail(frame.prefix + name.bytes + [ClearWalk.slash], error)
                    frame.outcome.empty = false
                }
            }, leave: { done, parent in
                guard removing else { return nil }
                // Tidied; then removed if the clear emptied it, else its removals made durable.
                let outcome = finish(done, in: trail)
                if parent == nil || !removeIfEmptied(outcome, path: done.prefix, in: trail, outcome: &parent!.outcome) {
                    parent?.outcome.empty = false
                    syncRemovals(outcome, path: done.prefix, in: trail)
                }
                if parent == nil { cleared = outcome }
                return nil
            })
        } catch {
            // A folder moved or replaced meanwhile: not the one to go on in.
            fail(tree.frames.last?.prefix ?? prefix, error)
        }
        return cleared
    }

    /// The frame of a folder just entered; nil (the failure reported) when it cannot be read.
    private mutating func frame(_ folder: FileDescriptor, prefix: [UInt8], isRoot: Bool, removing: Bool) -> Frame? {
        let entries: [FolderEntry]
        do {
            entries = try FolderEntries.read(folder)
        } catch {
            fail(prefix, error)
            return nil
        }
        var own: [FileName] = []
        for entry in entries where !FolderEntries.isUsers(entry.name) { own.append(entry.name) }
        let index = options.expiredOnly && own.contains(ExpiryIndex.name) ? (try? ExpiryIndex.load(in: folder)) ?? nil : nil
        // Every name is wanted only to tell whose a journal is: where shelf has no file, none is
        // copied (a clear of 10,000 plain files copied and released each name twice more).
        let leftovers = Leftovers(names: own, entries: own.isEmpty ? [] : entries.map(\.name), index: index)
        // Inode order, as rm does: in a large folder, hash order would touch the inode table (and
        // the journal) at random; in sequence, removal runs several times faster on ext4.
        let kept = options.keepNewest.map { KeepNewest.kept($0, among: entries, in: folder, isRoot: isRoot) } ?? []
        // Sorted in place: the listing itself where it holds only the user's names.
        var data = own.isEmpty ? consume entries : entries.filter { FolderEntries.isUsers($0.name) }
        data.sort { $0.inode < $1.inode }
        var outcome = Outcome()
        if removing && kept.isEmpty {
            clearListedFiles(&data, in: folder, prefix: prefix, isRoot: isRoot, leftovers: leftovers, outcome: &outcome)
        }
        return Frame(entries: data[...], leftovers: leftovers, outcome: outcome, kept: kept, prefix: prefix, isRoot: isRoot,
                     check: lockCheck(folder), checkIsFinal: pendingLocks == nil)
    }

    /// Tidies shelf's own files in the folder whose entries are all visited.
    private func finish(_ frame: Frame, in trail: FolderTrail) -> Outcome {
        var outcome = frame.outcome
        guard !frame.leftovers.names.isEmpty && !options.dryRun, let folder = try? trail.current() else { return outcome }
        outcome.empty = tidy(frame.leftovers, in: folder, otherwiseEmpty: outcome.empty) && outcome.empty
        return outcome
    }

    /// Removes the trail's current folder, cleared with `inner`, if the clear emptied it; returns
    /// whether it is gone. `path` is the folder's own, `outcome` the folder above's.
    private mutating func removeIfEmptied(_ inner: Outcome, path: [UInt8], in trail: FolderTrail, outcome: inout Outcome) -> Bool {
        if inner.removedSomething { outcome.removedSomething = true }
        // With limits, a folder that was empty before is someone's on purpose: only folders this
        // clear emptied are removed. Without limits, everything goes.
        guard inner.empty, !options.dryRun, options.removesEverything || inner.removedSomething else { return false }
        let name = trail.currentName
        guard let sub = try? trail.current(), let folder = try? trail.parent() else { return false }
        // A writer holds a shared lock on the folder it writes in (see `FolderWalker.openTarget`):
        // that folder stays, or the write would fail with "no such file or folder".
        guard (try? FileLock.tryLock(sub, .exclusive)) == true else { return false }
        do throws(Errno) {
            try kernel.remove(SystemString(name), in: folder.raw, isFolder: true)
        } catch .noSuchFile {
            // gone already
        } catch .folderNotEmpty, .fileExists {
            return false  // something new arrived meanwhile
        } catch {
            fail(path, ShelfError.system(error, path: folder.path(for: name), operation: .removeFolder))
            return false
        }
        outcome.removedHere()
        return true
    }

    /// Makes the removals in the trail's current folder durable: one fsync of the folder, once its
    /// pass is over, so that what an acknowledged clear removed never comes back after a power cut.
    /// Only for a folder that stays: a folder removed is gone with its contents once the folder
    /// above is synced (as `remove` of a folder does). A failure is reported: the clear then
    /// does not exit 0.
    private mutating func syncRemovals(_ outcome: Outcome, path: [UInt8], in trail: FolderTrail) {
        guard outcome.removedEntries, !options.dryRun else { return }
        do {
            try AtomicReplace.syncFolder(try trail.current())
        } catch {
            fail(path, error)
        }
    }
}
