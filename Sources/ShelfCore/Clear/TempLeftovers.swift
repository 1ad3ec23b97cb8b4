/// How `clear` tells a temporary entry (`.shelf-tmp-…`) that a killed process left from one a live
/// process is still writing: by the lock the writer holds for as long as the entry has that name.
/// A temp file locks itself (`TempFile`); a temporary folder, or an entry renamed aside, has a
/// locked companion file (`TempName`). A lock that can be taken proves the writer gone; `flock`
/// locks on regular files open for writing hold across hosts on NFS too, so a clear on one host
/// does not take away a temp file another host is writing. Where locks cannot be taken at all, a
/// temporary entry goes only once it is a day old.
///
/// Found by testing from outside (issue 12 item 6): what a SIGKILL left during a copy or a move
/// across file systems (a named partial copy, hundreds of MB) stayed a day, invisible to `list`.
enum TempLeftovers {
    /// Removes the temporary entry `name` (a temp file or folder, or a companion lock file) and
    /// its companion if no live process holds them; returns whether both are gone.
    static func removeIfAbandoned(_ name: FileName, in folder: FileDescriptor, now: Int64) -> Bool {
        let base = TempName.base(of: name) ?? name
        let companion = TempName.lockName(for: base)
        // The companion first: it is made before the entry and removed after it. Without one, a
        // temp file holds its own lock; anything else was abandoned.
        var proof = lockIfAbandoned(companion, in: folder, now: now)
        let hasCompanion = if case .missing = proof { false } else { true }
        if !hasCompanion { proof = lockIfAbandoned(base, in: folder, now: now) }
        switch proof {
        case .busy:
            return false
        case .held(let lock):
            return lock.closeAfter { _ in removeEntry(base, in: folder) && (!hasCompanion || removeEntry(companion, in: folder)) }
        case .missing:
            return removeEntry(base, in: folder)
        }
    }

    private enum Proof {
        /// Nobody holds it: ours now, until the descriptor is closed.
        case held(FileDescriptor)
        /// A live process holds it (or it cannot be proven otherwise).
        case busy
        /// Not a regular file, or not there.
        case missing
    }

    /// The exclusive lock of the regular file `name`, if free.
    private static func lockIfAbandoned(_ name: FileName, in folder: FileDescriptor, now: Int64) -> Proof {
        guard let st = try? folder.status(of: name), st.isRegularFile else { return .missing }
        // Read-write, as `flock` over NFS needs for an exclusive lock.
        guard let file = (try? folder.open(name, [.readWrite, .noFollow, .nonBlocking]))
                ?? (try? folder.open(name, [.readOnly, .noFollow, .nonBlocking])) else { return .missing }
        do {
            let locked = try file.kept { try FileLock.tryLock($0, .exclusive) }
            return locked.map(Proof.held) ?? .busy
        } catch {
            // Locks do not work here: only the age can tell.
            return st.modified.seconds <= now.subtractingSaturated(ClearWalk.staleAge) ? .missing : .busy
        }
    }

    private static func removeEntry(_ name: FileName, in folder: FileDescriptor) -> Bool {
        (try? TreeRemover.remove(name, in: folder, path: folder.path(for: name))) != nil
    }
}

extension TempLeftovers {
    /// Removes from `folder` the temporary entries that killed processes left (those whose
    /// writer's lock is free), so that a write which builds a whole folder beside its target (a
    /// `[Data]` save) does not leave one more copy behind at every kill until a `clear`. Entries
    /// of live writers stay; errors are ignored (the sweep is a courtesy, not the write).
    static func sweepAbandoned(in folder: FileDescriptor) {
        guard let entries = try? FolderEntries.read(folder) else { return }
        let now = ProcessState.now()
        for entry in entries where entry.name.hasPrefix(TempFile.prefix) {
            _ = removeIfAbandoned(entry.name, in: folder, now: now)
        }
    }
}
